import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import type { AdjustmentView } from "~/components/ops/adjustments/adjustment-list";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import {
  ADJUSTMENT_NOTE_MAX,
  adjustmentRules,
  approveAdjustment,
  listAdjustments,
  rejectAdjustment,
  requestAdjustment,
  type Adjustment,
} from "~/platform/players/adjustments.server";
import { ADJUSTMENT_REASONS, type BrandConfig } from "~/platform/system/brand-config.server";
import { formFailure, parseSubmission, readForm } from "~/utils/form.server";
import { formatMoney } from "~/utils/money";
import { amountField, idempotencyKeyField, newFormKey } from "~/utils/wallet.server";
import { opsRequest, type OpsRequest } from "./__ops-request.server";

/**
 * Manual adjustments in the console: the player page's adjustments tab asks for one (intent
 * `adjust`, `adjustments.request`), and /ops/adjustments lists what waits for a second staff
 * member and takes the approve and reject forms of both screens (`adjustments.approve`).
 */
export const ADJUSTMENTS_SHOWN = 50;

/** Rows as the screens show them: whether the signed-in staff member asked (then it may not decide). */
const viewOf = (rows: Adjustment[], viewerId: string): AdjustmentView[] =>
  rows.map((row) => ({
    ...row,
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    askedByViewer: row.requestedBy.id === viewerId,
  }));

/** The player page's adjustments tab: the member's adjustments and what the form needs. */
export async function adjustmentsPanel({ db, brand, operator }: OpsRequest, memberId: string) {
  const rules = adjustmentRules(brand);
  return {
    adjustments: viewOf(
      await listAdjustments(db, { memberId }, ADJUSTMENTS_SHOWN),
      operator.member.id,
    ),
    form: {
      formKey: newFormKey(),
      reasons: [...rules.reasons],
      fourEyesAbove: rules.fourEyesAbove.toString(),
      max: rules.max.toString(),
      noteMax: ADJUSTMENT_NOTE_MAX,
    },
  };
}

/** The `adjust` intent's body: amount in the brand's currency, a reason the brand offers, a note. */
export const adjustSchema = (t: TFunction, brand: Pick<BrandConfig, "currency" | "adjustments">) =>
  z.object({
    intent: z.literal("adjust"),
    direction: z.enum(["credit", "debit"], { error: t("opsAdjustments.error.direction") }),
    amount: amountField(brand, t),
    reason: z
      .enum(ADJUSTMENT_REASONS, { error: t("opsAdjustments.error.reason") })
      .refine((reason) => brand.adjustments.reasons.includes(reason), {
        error: t("opsAdjustments.error.reason"),
      }),
    note: z
      .string({ error: t("opsAdjustments.error.note") })
      .trim()
      .min(1, { error: t("opsAdjustments.error.note") })
      .max(ADJUSTMENT_NOTE_MAX, {
        error: t("opsAdjustments.error.note_too_long", { max: ADJUSTMENT_NOTE_MAX }),
      }),
    idempotencyKey: idempotencyKeyField,
  });

/** A refused adjustment or decision, in the staff member's language. */
export function adjustmentError(error: unknown, t: TFunction, brand: BrandConfig, locale: string) {
  if (!(error instanceof PlatformError)) throw error;
  const max = error.details?.max;
  return t(`opsAdjustments.error.${error.code}`, {
    max: typeof max === "string" ? formatMoney(max, brand.currency, locale) : "",
  });
}

/** Asks for an adjustment from the player page; the page says whether the money moved or waits. */
export async function requestAdjustmentFrom(
  ops: OpsRequest,
  memberId: string,
  value: z.infer<ReturnType<typeof adjustSchema>>,
) {
  const { db, brand, act } = ops;
  const outcome = await requestAdjustment(
    db,
    {
      memberId,
      direction: value.direction,
      amount: value.amount,
      reason: value.reason,
      note: value.note,
      formKey: value.idempotencyKey,
    },
    adjustmentRules(brand),
    act,
  );
  const done = outcome.status === "applied" ? "adjustmentApplied" : "adjustmentPending";
  return redirect(`/ops/players/${memberId}?tab=adjustments&done=${done}`);
}

/** /ops/adjustments: what waits for a second staff member, oldest first. */
export async function opsAdjustmentsLoader(request: Request) {
  const { db, brand, t, operator, currency } = await opsRequest(request, "adjustments.view");
  const done = new URL(request.url).searchParams.get("done");
  return json({
    title: t("opsAdjustments.title"),
    brandName: brand.name,
    timeZone: brand.timeZone,
    currency,
    rows: viewOf(
      await listAdjustments(db, { pending: true }, ADJUSTMENTS_SHOWN),
      operator.member.id,
    ),
    done: DECISIONS_DONE.find((value) => value === done) ?? null,
  });
}

const DECISIONS_DONE = ["adjustmentApproved", "adjustmentRejected"] as const;

const decisionSchema = z.object({
  intent: z.enum(["approve", "reject"]),
  adjustmentId: z.string().regex(/^\d{1,18}$/),
  // Back to the screen the decision was made on: the queue or the member's adjustments tab.
  returnTo: z
    .string()
    .regex(/^\/ops\/(adjustments|players\/\d{1,18}\?tab=adjustments)$/)
    .catch("/ops/adjustments"),
  note: z.string().trim().max(ADJUSTMENT_NOTE_MAX).default(""),
});

/** Approve or reject, from either screen; a refusal is shown on the queue with the reason. */
export async function opsAdjustmentDecision(request: Request) {
  const formData = await readForm(request, { honeypot: true });
  const ops = await opsRequest(request, "adjustments.approve");
  const { db, t, brand, locale, act } = ops;
  const submission = parseSubmission(formData, { schema: decisionSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  const { intent, adjustmentId, returnTo, note } = submission.value;
  try {
    if (intent === "approve") await approveAdjustment(db, adjustmentId, act);
    else await rejectAdjustment(db, adjustmentId, note, act);
  } catch (error) {
    return formFailure(
      submission.reply({ formErrors: [adjustmentError(error, t, brand, locale)] }),
    );
  }
  const done = intent === "approve" ? "adjustmentApproved" : "adjustmentRejected";
  return redirect(`${returnTo}${returnTo.includes("?") ? "&" : "?"}done=${done}`);
}
