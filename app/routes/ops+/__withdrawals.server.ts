import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import type { OperatorAct } from "~/platform/audit/audit.server";
import type { Database } from "~/platform/db/open.server";
import type { WithdrawalStatus } from "~/platform/db/schema";
import { PlatformError } from "~/platform/errors";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import type { QueueFilter } from "~/platform/wallet/withdrawal-queue.server";
import {
  approveWithdrawal,
  markWithdrawalPaid,
  rejectWithdrawal,
  resolveDispute,
} from "~/platform/wallet/withdrawals.server";
import { parseSubmission, formFailure } from "~/utils/form.server";
import { requiredText } from "~/utils/identity-schemas.server";
import { pageParam } from "~/utils/pagination";
import { walletErrorMessage } from "~/utils/wallet.server";

const STATUSES: readonly WithdrawalStatus[] = [
  "pending",
  "approved",
  "rejected",
  "paid",
  "received",
  "disputed",
  "refunded",
];

/** ?status= of the queue: a withdrawal state, `open` (the default: work to do) or `all`. */
export function queueFilter(value: string | null): QueueFilter {
  if (value === "all" || value === "open") return value;
  return STATUSES.find((status) => status === value) ?? "open";
}

/** The queue page an action came from (its filter and page), with what was done, for the redirect back. */
export function queueHref(
  filter: QueueFilter,
  page: number,
  done?: { intent: string; id: string },
) {
  const params = new URLSearchParams({ status: filter });
  if (page > 1) params.set("page", String(page));
  if (done) {
    params.set("done", done.intent);
    params.set("id", done.id);
  }
  return `/ops/withdrawals?${params}`;
}

export const QUEUE_INTENTS = ["approve", "reject", "pay", "forced", "refund"] as const;
export type QueueIntent = (typeof QUEUE_INTENTS)[number];

/** What a refused decision answers: the withdrawal (its row shows the errors), the intent and conform's result. */
export type QueueReply = {
  withdrawalId: string;
  intent: QueueIntent;
  result: SubmissionResult<string[]>;
};

export interface QueueActionContext {
  db: Database;
  brand: BrandConfig;
  t: TFunction;
  locale: string;
  act: OperatorAct;
}

/**
 * One operator decision on one withdrawal: approve, reject (a reason of
 * up to 140 characters; the held money goes back), mark paid, or settle a
 * dispute (`forced` receipt or `refund` of the remaining amount). A state the
 * platform refuses is a translated error on that row; an unknown id a 404.
 */
export async function handleQueueAction(
  { db, brand, t, locale, act }: QueueActionContext,
  formData: FormData,
): Promise<TypedResponse<QueueReply>> {
  const intent = QUEUE_INTENTS.find((known) => known === formData.get("intent"));
  const withdrawalId = z
    .string()
    .regex(/^\d{1,18}$/)
    .safeParse(formData.get("withdrawalId"));
  if (!intent) throw json({ error: "unknown_intent" }, { status: 400 });
  if (!withdrawalId.success) throw json({ error: "not_found" }, { status: 404 });
  const id = withdrawalId.data;
  const filter = queueFilter(String(formData.get("status") ?? ""));
  const page = pageParam(String(formData.get("page") ?? ""));
  const schema = z.object({
    reason: intent === "reject" ? requiredText(t("ops.queue.reasonRequired"), 140) : z.unknown(),
  });
  const submission = parseSubmission(formData, { schema });
  const failure = (reply: Parameters<typeof submission.reply>[0]) =>
    formFailure(submission.reply(reply), { withdrawalId: id, intent });
  if (submission.status !== "success") return failure({});
  try {
    if (intent === "approve") await approveWithdrawal(db, id, act);
    else if (intent === "reject")
      await rejectWithdrawal(db, id, act, submission.value.reason as string);
    else if (intent === "pay") await markWithdrawalPaid(db, id, act, brand.wallet);
    else await resolveDispute(db, id, act, intent);
  } catch (error) {
    if (error instanceof PlatformError && error.code === "not_found")
      throw json({ error: "not_found" }, { status: 404 });
    return failure({ formErrors: [walletErrorMessage(error, t, brand, locale)] });
  }
  return redirect(queueHref(filter, page, { intent, id }));
}
