import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import { audit } from "~/platform/audit/audit.server";
import { roleOf } from "~/platform/identity/member-types";
import { findMemberByAccount } from "~/platform/identity/members.server";
import { listRestrictedMembers } from "~/platform/protection/breaks-ops.server";
import { BREAK_BOUNDS, takeBreak } from "~/platform/protection/breaks.server";
import { breakFormSchema, breakTime } from "~/utils/break-form.server";
import { readForm, parseSubmission } from "~/utils/form.server";
import { opsRequest } from "./__ops-request.server";
import {
  addLimitAction,
  limitsView,
  readProtectionQuery,
  realityView,
} from "./__protection-limits.server";

/**
 * /ops/protection (issue 17): members on a time-out or self-exclusion with
 * the trail of each change; an operator may add a restriction, and there is
 * no action that removes one.
 */
/** A view not shown loads nothing. */
const noRows = <Load extends (...args: never[]) => Promise<unknown[]>>() =>
  [] as unknown as Awaited<ReturnType<Load>>;

export async function opsProtectionLoader(request: Request) {
  const { db, brand, t } = await opsRequest(request, "protection.view");
  const query = readProtectionQuery(request);
  const [{ rows, trail }, limits, reality] = await Promise.all([
    query.view === "breaks" ? listRestrictedMembers(db) : { rows: [], trail: [] },
    query.view === "limits" ? limitsView(db, brand, query.account) : noRows<typeof limitsView>(),
    query.view === "reality" ? realityView(db, brand, query.account) : noRows<typeof realityView>(),
  ]);
  const time = (value: Date | string) => breakTime(value, brand.timeZone);
  const params = new URL(request.url).searchParams;
  const added = params.get("added");
  const limited = params.get("limited");
  return json({
    title: t("protectionBreak.ops.title"),
    brandName: brand.name,
    bounds: BREAK_BOUNDS,
    query,
    limits,
    reality,
    limited: limited === "now" || limited === "unchanged" ? limited : null,
    added: added && /^[\w.-]{1,64}$/.test(added) ? added : null,
    rows: rows
      .filter(
        (row) =>
          !query.account || row.account.toLowerCase().startsWith(query.account.toLowerCase()),
      )
      .map((row) => ({
        id: row.id,
        account: row.account,
        kind: row.kind,
        startsAt: time(row.starts_at),
        endsAt: time(row.ends_at),
        source: row.source,
        reopenRequestedAt: row.reopen_requested_at ? time(row.reopen_requested_at) : null,
        trail: trail
          .filter((entry) => entry.member_id === row.member_id)
          .map((entry) => ({
            id: entry.id,
            at: time(entry.at),
            event: entry.event,
            detail: JSON.stringify(entry.detail),
          })),
      })),
  });
}

const addSchema = (t: Parameters<typeof breakFormSchema>[0]) =>
  z
    .object({
      account: z
        .string({ error: t("validation.required") })
        .trim()
        .min(1)
        .max(64),
    })
    .and(breakFormSchema(t));

export async function opsProtectionAction(request: Request) {
  const formData = await readForm(request, { honeypot: true });
  const { db, brand, t, act } = await opsRequest(request, "protection.manage");
  if (formData.get("intent") === "limit") return addLimitAction(formData, { db, brand, t, act });
  if (formData.get("intent") !== "add") {
    await audit(db, "protection_lift_refused", act.context, {
      memberId: null,
      detail: { intent: String(formData.get("intent") ?? "").slice(0, 40) },
    });
    return json(
      {
        result: { status: "error" as const, error: { "": [t("protectionBreak.errors.noRemove")] } },
      },
      { status: 400 },
    );
  }
  const submission = parseSubmission(formData, { schema: addSchema(t) });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const member = await findMemberByAccount(db, submission.value.account);
  if (!member || roleOf(member.type, brand) === "operator") {
    return json(
      {
        result: submission.reply({
          fieldErrors: { account: [t("protectionBreak.errors.unknownMember")] },
        }),
      },
      { status: 400 },
    );
  }
  await takeBreak(
    db,
    {
      memberId: member.id,
      kind: submission.value.kind,
      length: submission.value.length,
      source: "operator",
      actorId: act.operatorId,
    },
    act.context,
  );
  return redirect(`/ops/protection?added=${encodeURIComponent(member.account)}`);
}
