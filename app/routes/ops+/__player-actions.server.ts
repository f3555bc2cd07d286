import type { SubmissionResult } from "@conform-to/react";
import { redirect, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import type { StaffPermission } from "~/platform/identity/staff-permissions";
import {
  closePlayer,
  reactivatePlayer,
  requirePasswordReset,
  signOutPlayer,
  suspendPlayer,
} from "~/platform/players/account-status.server";
import {
  CLOSURE_FUNDS,
  CLOSURE_REASONS,
  STATUS_NOTE_MAX,
  SUSPENSION_REASONS,
} from "~/platform/players/suspension";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { formFailure, parseSubmission, readForm } from "~/utils/form.server";
import { notFound } from "~/utils/misc";
import { adjustmentError, adjustSchema, requestAdjustmentFrom } from "./__adjustments.server";
import { opsRequest } from "./__ops-request.server";

/**
 * The player page's account actions (ADR 47): suspend with a reason, reactivate, sign out
 * everywhere, require a new password at the next sign-in, and ask for a manual adjustment
 * (./__adjustments.server.ts). Each intent has its own permission, checked before the body is read further;
 * the platform locks the member row and audits the act.
 */
export const PLAYER_ACTIONS = [
  "suspend",
  "reactivate",
  "sign_out",
  "reset_password",
  "adjust",
  "close",
] as const;
type PlayerAction = (typeof PLAYER_ACTIONS)[number];

const PERMISSION: Record<PlayerAction, StaffPermission> = {
  suspend: "players.suspend",
  reactivate: "players.suspend",
  sign_out: "players.sign_out",
  reset_password: "players.reset_password",
  adjust: "adjustments.request",
  close: "players.close",
};

/** What the page says after an act (`?done=`). */
export const PLAYER_ACTION_DONE = [
  "suspended",
  "reactivated",
  "signedOut",
  "passwordResetRequired",
  "adjustmentApplied",
  "adjustmentPending",
  "adjustmentApproved",
  "adjustmentRejected",
  "closed",
] as const;

const actionSchema = (t: TFunction, brand: BrandConfig) => {
  const note = z
    .string()
    .trim()
    .max(STATUS_NOTE_MAX, {
      error: t("opsPlayers.suspension.error.note_too_long", { max: STATUS_NOTE_MAX }),
    })
    .default("");
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("suspend"),
      reason: z.enum(SUSPENSION_REASONS, {
        error: t("opsPlayers.suspension.error.reason_required"),
      }),
      note,
    }),
    z.object({ intent: z.literal("reactivate"), note }),
    z.object({ intent: z.literal("sign_out") }),
    z.object({ intent: z.literal("reset_password") }),
    adjustSchema(t, brand),
    z.object({
      intent: z.literal("close"),
      reason: z.enum(CLOSURE_REASONS, { error: t("opsPlayers.suspension.error.reason_required") }),
      funds: z.enum(CLOSURE_FUNDS, { error: t("opsPlayers.closure.error.funds") }),
      note,
    }),
  ]);
};

const isPlayerAction = (value: unknown): value is PlayerAction =>
  PLAYER_ACTIONS.some((action) => action === value);

type ActionReply = { result: SubmissionResult<string[]>; intent: PlayerAction };

export async function opsPlayerAction(
  request: Request,
  memberId: string,
): Promise<TypedResponse<ActionReply>> {
  const formData = await readForm(request, { honeypot: true });
  const asked = formData.get("intent");
  // An unknown intent is checked as the strictest act, then refused by the schema.
  const intent: PlayerAction = isPlayerAction(asked) ? asked : "suspend";
  const ops = await opsRequest(request, PERMISSION[intent]);
  const { db, t, act, brand, locale } = ops;
  const submission = parseSubmission(formData, { schema: actionSchema(t, brand) });
  if (submission.status !== "success") return formFailure(submission.reply(), { intent });
  const value = submission.value;
  const page = `/ops/players/${memberId}`;
  try {
    switch (value.intent) {
      case "suspend":
        await suspendPlayer(db, { memberId, reason: value.reason, note: value.note }, act);
        return redirect(`${page}?done=suspended`);
      case "reactivate":
        await reactivatePlayer(db, { memberId, note: value.note }, act);
        return redirect(`${page}?done=reactivated`);
      case "sign_out": {
        const ended = await signOutPlayer(db, memberId, act);
        return redirect(`${page}?done=signedOut&count=${ended}`);
      }
      case "reset_password": {
        const ended = await requirePasswordReset(db, memberId, act);
        return redirect(`${page}?done=passwordResetRequired&count=${ended}`);
      }
      case "adjust":
        return await requestAdjustmentFrom(ops, memberId, value);
      case "close": {
        const { reason, funds, note } = value;
        const ended = await closePlayer(db, { memberId, reason, funds, note }, act);
        return redirect(`${page}?done=closed&count=${ended}`);
      }
    }
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.code === "player_not_found") throw notFound();
    if (value.intent === "adjust")
      return formFailure(
        submission.reply({ formErrors: [adjustmentError(error, t, brand, locale)] }),
        { intent },
      );
    return formFailure(
      submission.reply({ formErrors: [t(`opsPlayers.suspension.error.${error.code}`)] }),
      { intent },
    );
  }
}
