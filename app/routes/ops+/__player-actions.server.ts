import type { SubmissionResult } from "@conform-to/react";
import { redirect, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import { NOTES_DONE } from "~/components/ops/players/notes-panel";
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
import { addNote } from "~/platform/players/notes.server";
import { NOTE_MAX, normaliseTag, TAG_MAX, TAGS_PER_MEMBER } from "~/platform/players/staff-notes";
import {
  CLOSURE_FUNDS,
  CLOSURE_REASONS,
  STATUS_NOTE_MAX,
  SUSPENSION_REASONS,
} from "~/platform/players/suspension";
import { addTag, removeTag } from "~/platform/players/tags.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { formFailure, parseSubmission, readForm } from "~/utils/form.server";
import { notFound } from "~/utils/misc";
import { adjustmentError, adjustSchema, requestAdjustmentFrom } from "./__adjustments.server";
import { opsRequest } from "./__ops-request.server";

/**
 * The player page's account actions (ADR 47): suspend with a reason, reactivate, sign out
 * everywhere, require a new password at the next sign-in, and ask for a manual adjustment
 * (./__adjustments.server.ts); and the notes tab's (ADR 51): write a staff note, add or remove
 * a tag. Each intent has its own permission, checked before the body is read further;
 * the platform locks the member row and audits the act.
 */
export const PLAYER_ACTIONS = [
  "suspend",
  "reactivate",
  "sign_out",
  "reset_password",
  "adjust",
  "close",
  "add_note",
  "add_tag",
  "remove_tag",
] as const;
type PlayerAction = (typeof PLAYER_ACTIONS)[number];

/** The notes tab's acts: their refusals are labelled with the tab's. */
const NOTE_ACTIONS: readonly PlayerAction[] = ["add_note", "add_tag", "remove_tag"];

const PERMISSION: Record<PlayerAction, StaffPermission> = {
  suspend: "players.suspend",
  reactivate: "players.suspend",
  sign_out: "players.sign_out",
  reset_password: "players.reset_password",
  adjust: "adjustments.request",
  close: "players.close",
  add_note: "players.note",
  add_tag: "players.note",
  remove_tag: "players.note",
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
  ...NOTES_DONE,
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
    ...noteSchemas(t),
  ]);
};

/** A note, a tag to add (the brand's list or staff's own word: `kind` says which form) or to remove. */
const noteSchemas = (t: TFunction) =>
  [
    z.object({
      intent: z.literal("add_note"),
      text: z
        .string({ error: t("opsPlayers.notes.error.note_required") })
        .trim()
        .min(1, { error: t("opsPlayers.notes.error.note_required") })
        .max(NOTE_MAX, { error: t("opsPlayers.notes.error.note_too_long", { max: NOTE_MAX }) }),
    }),
    z.object({
      intent: z.literal("add_tag"),
      kind: z.enum(["brand", "free"]).catch("free"),
      tag: z.string({ error: t("opsPlayers.notes.error.tag_required") }).transform((typed, ctx) => {
        const tag = normaliseTag(typed);
        if (tag) return tag;
        ctx.addIssue({
          code: "custom",
          message: t("opsPlayers.notes.error.tag_invalid", { max: TAG_MAX }),
        });
        return z.NEVER;
      }),
    }),
    z.object({
      intent: z.literal("remove_tag"),
      tag: z.string({ error: t("opsPlayers.notes.error.tag_not_found") }).max(TAG_MAX * 4),
    }),
  ] as const;

const isPlayerAction = (value: unknown): value is PlayerAction =>
  PLAYER_ACTIONS.some((action) => action === value);

type ActionReply = { result: SubmissionResult<string[]>; intent: PlayerAction };

export async function opsPlayerAction(
  request: Request,
  memberId: string,
): Promise<TypedResponse<ActionReply>> {
  const formData = await readForm(request, { honeypot: true, multiline: ["text"] });
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
      case "add_note":
        await addNote(db, { memberId, text: value.text }, act);
        return redirect(`${page}?tab=notes&done=noteAdded`);
      case "add_tag":
        await addTag(db, { memberId, tag: value.tag }, act);
        return redirect(`${page}?tab=notes&done=tagAdded`);
      case "remove_tag":
        await removeTag(db, { memberId, tag: value.tag }, act);
        return redirect(`${page}?tab=notes&done=tagRemoved`);
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
      submission.reply({
        formErrors: [
          t(
            `opsPlayers.${NOTE_ACTIONS.includes(intent) ? "notes" : "suspension"}.error.${error.code}`,
            { limit: TAGS_PER_MEMBER, max: TAG_MAX },
          ),
        ],
      }),
      { intent },
    );
  }
}
