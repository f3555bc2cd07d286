import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import { PlatformError } from "~/platform/errors";
import {
  decideRedemption,
  listRedemptions,
} from "~/platform/rewards/points/redemption-queue.server";
import { readForm, parseSubmission } from "~/utils/form.server";
import { pageParam } from "~/utils/pagination";
import { opsRequest } from "./__ops-request.server";

/**
 * /ops/points/redemptions: redemptions of physical goods waiting for
 * the operator, oldest first: approve or reject (with a reason the member
 * reads) what is in process, complete what is approved. The platform returns
 * a rejection's points, tells the member and audits each decision; a second
 * click on the same decision changes nothing.
 */
const PAGE_SIZE = 20;
const REASON_MAX = 200;
const DECISIONS = ["approve", "reject", "complete"] as const;

const queueHref = (page: number, done?: string) => {
  const params = new URLSearchParams();
  if (page > 1) params.set("page", String(page));
  if (done) params.set("done", done);
  const query = params.toString();
  return `/ops/points/redemptions${query ? `?${query}` : ""}`;
};

export async function redemptionQueueLoader(request: Request) {
  const { db, brand, t } = await opsRequest(request, "points.view");
  const url = new URL(request.url);
  const queue = await listRedemptions(db, {
    open: true,
    page: pageParam(url.searchParams.get("page")),
    pageSize: PAGE_SIZE,
  });
  return json({
    title: t("opsPoints.queue.title"),
    brandName: brand.name,
    timeZone: brand.timeZone,
    ...queue,
    done: DECISIONS.find((name) => name === url.searchParams.get("done")) ?? null,
  });
}

export type RedemptionDecisionReply = {
  redemptionId: string;
  result: SubmissionResult<string[]>;
};

export async function redemptionQueueAction(
  request: Request,
): Promise<TypedResponse<RedemptionDecisionReply>> {
  const formData = await readForm(request, { honeypot: true });
  const { db, t, act } = await opsRequest(request, "points.review");
  const schema = z.object({
    intent: z.enum(DECISIONS),
    redemptionId: z.string().regex(/^\d{1,18}$/),
    page: z.coerce.number().int().min(1).catch(1),
    reason: z.string().trim().max(REASON_MAX, t("opsPoints.error.reason")).optional(),
  });
  const submission = parseSubmission(formData, { schema });
  const reply = (result: SubmissionResult<string[]>, status: number) =>
    json({ redemptionId: String(formData.get("redemptionId") ?? ""), result }, { status });
  if (submission.status !== "success") return reply(submission.reply(), 400);
  const { intent, redemptionId, page, reason } = submission.value;
  if (intent === "reject" && !reason)
    return reply(submission.reply({ fieldErrors: { reason: [t("opsPoints.error.reason")] } }), 400);
  try {
    await decideRedemption(db, {
      redemptionId,
      decision:
        intent === "reject"
          ? { reject: { reason: reason! } }
          : intent === "approve"
            ? { approve: true }
            : { complete: true },
      ...act,
    });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.code === "redemption_not_found") throw json({ error: "not_found" }, { status: 404 });
    return reply(submission.reply({ formErrors: [t("opsPoints.error.decided")] }), 409);
  }
  return redirect(queueHref(page, intent));
}
