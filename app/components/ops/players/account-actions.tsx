import { Form } from "@remix-run/react";
import { ChoiceField } from "~/components/forms/choice-field";
import { FormErrors, formReply, type FormReply } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { TextareaField } from "~/components/forms/textarea-field";
import type { MemberStatus } from "~/platform/identity/member-types";
import {
  CLOSURE_FUNDS,
  CLOSURE_REASONS,
  STATUS_NOTE_MAX,
  SUSPENSION_REASONS,
} from "~/platform/players/suspension";
import { useTranslation } from "~/utils/i18n";
import { useStaffCan } from "../use-staff-can";

/**
 * The account actions a staff member's role allows on the player page: suspend
 * (with a reason the member is told and a note only staff read) or reactivate,
 * sign out everywhere, and require a new password at the next sign-in. Each is a plain form posting back to the page.
 */
export function AccountActions({
  status,
  failed,
}: {
  status: MemberStatus;
  /** The refused act (its intent) and why, with what was typed. */
  failed?: { intent: string; result: FormReply } | null;
}) {
  const { t } = useTranslation();
  const allowed = {
    suspend: useStaffCan("players.suspend"),
    signOut: useStaffCan("players.sign_out"),
    resetPassword: useStaffCan("players.reset_password"),
    close: useStaffCan("players.close"),
  };
  if (!allowed.suspend && !allowed.signOut && !allowed.resetPassword && !allowed.close) return null;
  const replyOf = (intent: string) => formReply(failed?.intent === intent ? failed.result : null);
  const suspend = replyOf("suspend");
  const reactivate = replyOf("reactivate");
  const signOut = replyOf("sign_out");
  const resetPassword = replyOf("reset_password");
  const close = replyOf("close");
  return (
    <section aria-labelledby="player-actions-title" data-testid="player-actions">
      <h2 id="player-actions-title">{t("opsPlayers.suspension.actions.title")}</h2>
      {allowed.suspend && status === "active" ? (
        <Form method="post" className="stack-form" data-testid="player-suspend-form">
          <HoneypotField />
          <input type="hidden" name="intent" value="suspend" />
          <p className="muted">{t("opsPlayers.suspension.actions.suspendHint")}</p>
          <ChoiceField
            name="reason"
            label={t("opsPlayers.suspension.actions.reason")}
            codes={SUSPENSION_REASONS}
            labelOf={(reason) => t(`opsPlayers.suspension.reasons.${reason}`)}
            reply={suspend}
          />
          <StaffNoteField reply={suspend} />
          <FormErrors errors={suspend.errors[""]} />
          <button type="submit" className="button primary" data-testid="player-suspend">
            {t("opsPlayers.suspension.actions.suspend")}
          </button>
        </Form>
      ) : null}
      {allowed.suspend && status === "suspended" ? (
        <Form method="post" className="stack-form" data-testid="player-reactivate-form">
          <HoneypotField />
          <input type="hidden" name="intent" value="reactivate" />
          <p className="muted">{t("opsPlayers.suspension.actions.reactivateHint")}</p>
          <StaffNoteField reply={reactivate} />
          <FormErrors errors={reactivate.errors[""]} />
          <button type="submit" className="button primary" data-testid="player-reactivate">
            {t("opsPlayers.suspension.actions.reactivate")}
          </button>
        </Form>
      ) : null}
      {allowed.signOut ? (
        <OneStepAct
          intent="sign_out"
          hint={t("opsPlayers.suspension.actions.signOutHint")}
          label={t("opsPlayers.suspension.actions.signOut")}
          errors={signOut.errors[""]}
          testId="player-sign-out"
        />
      ) : null}
      {allowed.resetPassword ? (
        <OneStepAct
          intent="reset_password"
          hint={t("opsPlayers.suspension.actions.resetPasswordHint")}
          label={t("opsPlayers.suspension.actions.resetPassword")}
          errors={resetPassword.errors[""]}
          testId="player-reset-password"
        />
      ) : null}
      {allowed.close && status !== "closed" ? (
        <Form method="post" className="stack-form" data-testid="player-close-form">
          <HoneypotField />
          <input type="hidden" name="intent" value="close" />
          <p className="muted">{t("opsPlayers.closure.hint")}</p>
          <ChoiceField
            name="reason"
            label={t("opsPlayers.suspension.actions.reason")}
            codes={CLOSURE_REASONS}
            labelOf={(reason) => t(`accountClosure.reasons.${reason}`)}
            reply={close}
          />
          <ChoiceField
            name="funds"
            label={t("opsPlayers.closure.fundsLabel")}
            codes={CLOSURE_FUNDS}
            labelOf={(funds) => t(`opsPlayers.closure.funds.${funds}`)}
            reply={close}
            defaultCode="cash_out"
          />
          <StaffNoteField reply={close} />
          <FormErrors errors={close.errors[""]} />
          <button type="submit" className="button" data-testid="player-close">
            {t("opsPlayers.closure.submit")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/** The note only staff read, the same on each act that takes one. */
function StaffNoteField({ reply }: { reply: ReturnType<typeof formReply> }) {
  const { t } = useTranslation();
  return (
    <TextareaField
      name="note"
      label={t("opsPlayers.suspension.actions.note")}
      defaultValue={reply.values.note ?? ""}
      errors={reply.errors.note}
      maxLength={STATUS_NOTE_MAX}
      rows={3}
    />
  );
}

/** An act with nothing to fill in: what it does, and its button. */
function OneStepAct({
  intent,
  hint,
  label,
  errors,
  testId,
}: {
  intent: string;
  hint: string;
  label: string;
  errors?: string[] | null;
  testId: string;
}) {
  return (
    <Form method="post" className="stack-form" data-testid={`${testId}-form`}>
      <HoneypotField />
      <input type="hidden" name="intent" value={intent} />
      <p className="muted">{hint}</p>
      <FormErrors errors={errors} />
      <button type="submit" className="button" data-testid={testId}>
        {label}
      </button>
    </Form>
  );
}
