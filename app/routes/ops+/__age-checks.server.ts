import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import { PlatformError } from "~/platform/errors";
import { ageOn } from "~/platform/protection/age-birthday.server";
import { listPendingAgeChecks } from "~/platform/protection/age-queue.server";
import { decideAgeCheck } from "~/platform/protection/age.server";
import { readForm, parseSubmission } from "~/utils/form.server";
import { opsRequest } from "./__ops-request.server";

/**
 * /ops/age-checks (issue 17): birthdays waiting for verification, oldest
 * first, each with its ID document; verify, or reject with a reason the
 * member reads. The platform audits each decision and messages the member.
 */
const REASON_MAX = 200;
const DECISIONS = ["verify", "reject"] as const;

export async function ageQueueLoader(request: Request) {
  const { db, brand, t } = await opsRequest(request, "age_checks.view");
  const rows = await listPendingAgeChecks(db);
  const done = new URL(request.url).searchParams.get("done");
  return json({
    title: t("ageCheck.ops.title"),
    brandName: brand.name,
    timeZone: brand.timeZone,
    rows: rows.map((row) => ({
      id: row.id,
      account: row.account,
      birthday: row.birthday,
      age: ageOn(row.birthday, brand.timeZone),
      createdAt: new Date(row.created_at).toISOString(),
    })),
    done: DECISIONS.find((name) => name === done) ?? null,
  });
}

export type AgeDecisionReply = { checkId: string; result: SubmissionResult<string[]> };

export async function ageQueueAction(request: Request): Promise<TypedResponse<AgeDecisionReply>> {
  const formData = await readForm(request, { honeypot: true });
  const { db, t, act } = await opsRequest(request, "age_checks.review");
  const schema = z.object({
    intent: z.enum(DECISIONS),
    checkId: z.string().regex(/^\d{1,18}$/),
    reason: z.string().trim().max(REASON_MAX, t("ageCheck.ops.reasonRequired")).optional(),
  });
  const submission = parseSubmission(formData, { schema });
  const reply = (result: SubmissionResult<string[]>, status: number) =>
    json({ checkId: String(formData.get("checkId") ?? ""), result }, { status });
  if (submission.status !== "success") return reply(submission.reply(), 400);
  const { intent, checkId, reason } = submission.value;
  if (intent === "reject" && !reason)
    return reply(
      submission.reply({ fieldErrors: { reason: [t("ageCheck.ops.reasonRequired")] } }),
      400,
    );
  try {
    await decideAgeCheck(
      db,
      {
        checkId,
        operatorId: act.operatorId,
        decision: intent === "reject" ? { reject: reason ?? "" } : { verify: true },
      },
      act.context,
    );
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.code === "not_found") throw json({ error: "not_found" }, { status: 404 });
    return reply(submission.reply({ formErrors: [t("ageCheck.ops.decided")] }), 409);
  }
  return redirect(`/ops/age-checks?done=${intent}`);
}
