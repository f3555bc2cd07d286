import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { Field, FormErrors } from "../forms/field";

/** What the authenticator panel shows: the state, and during enrolment the QR (an SVG) and the secret. */
export interface AuthenticatorState {
  status: "none" | "pending" | "active";
  enrolment: { secret: string; qrSvg: string } | null;
  recoveryCodesLeft: number;
}

/** The last answer of the panel's forms: errors, or the recovery codes right after confirming. */
export interface AuthenticatorAnswer {
  errors?: string[];
  recoveryCodes?: string[];
}

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/**
 * Authenticator codes (ADR 34), in the member's security centre and on the back
 * office's enrolment page: turn on (QR and the secret as text, then a code from
 * the app to confirm), the recovery codes shown once, and turn off with a code.
 * Every button submits to `action` (intents `authenticator-start`,
 * `authenticator-confirm`, `authenticator-remove`), so it works without JavaScript.
 */
export function AuthenticatorPanel({
  state,
  answer,
  action,
  doneHref,
}: {
  state: AuthenticatorState;
  answer?: AuthenticatorAnswer;
  action: string;
  /** The page again without the answer (a URL of its own, so the browser loads it anew). */
  doneHref: string;
}) {
  const { t } = useTranslation();
  if (answer?.recoveryCodes) {
    return (
      <div data-testid="authenticator-recovery">
        <p className="form-success" role="status">
          {t("authenticator.enabled")}
        </p>
        <p>{t("authenticator.recovery.intro")}</p>
        <ol className="recovery-codes" data-testid="recovery-codes">
          {answer.recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <p className="form-note">{t("authenticator.recovery.once")}</p>
        <Link
          className="button primary"
          to={doneHref}
          reloadDocument
          data-testid="authenticator-recovery-done"
        >
          {t("authenticator.recovery.done")}
        </Link>
      </div>
    );
  }
  if (state.status === "active") {
    return (
      <div data-testid="authenticator-active">
        <p className="form-success" role="status">
          {t("authenticator.on")}
        </p>
        <p className="form-note">
          {t("authenticator.recovery.left", { n: state.recoveryCodesLeft })}
        </p>
        <Form method="post" action={action} className="stack-form" noValidate>
          <input type="hidden" name="intent" value="authenticator-remove" />
          <Field
            name="authCode"
            label={t("authenticator.code")}
            hint={t("authenticator.codeHint")}
            autoComplete="one-time-code"
            maxLength={32}
            required
          />
          <FormErrors errors={answer?.errors} />
          <button type="submit" className="button" data-testid="authenticator-remove">
            {t("authenticator.remove")}
          </button>
        </Form>
      </div>
    );
  }
  if (state.status === "pending" && state.enrolment) {
    return (
      <div data-testid="authenticator-pending">
        <ol className="stack-form">
          <li>{t("authenticator.enrol.step1")}</li>
          <li>{t("authenticator.enrol.step2")}</li>
        </ol>
        <div
          className="authenticator-qr"
          role="img"
          aria-label={t("authenticator.enrol.qr")}
          // Our own SVG, drawn by the qrcode package from the otpauth:// URI.
          dangerouslySetInnerHTML={{ __html: state.enrolment.qrSvg }}
        />
        <p>
          {t("authenticator.enrol.secret")}{" "}
          <code data-testid="authenticator-secret" data-secret={state.enrolment.secret}>
            {grouped(state.enrolment.secret)}
          </code>
        </p>
        <Form method="post" action={action} className="stack-form" noValidate>
          <input type="hidden" name="intent" value="authenticator-confirm" />
          <Field
            name="authCode"
            label={t("authenticator.enrol.confirmCode")}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={8}
            required
          />
          <FormErrors errors={answer?.errors} />
          <button type="submit" className="button primary" data-testid="authenticator-confirm">
            {t("authenticator.enrol.confirm")}
          </button>
        </Form>
      </div>
    );
  }
  return (
    <div data-testid="authenticator-off">
      <p>{t("authenticator.intro")}</p>
      <Form method="post" action={action} noValidate>
        <input type="hidden" name="intent" value="authenticator-start" />
        <FormErrors errors={answer?.errors} />
        <button type="submit" className="button primary" data-testid="authenticator-start">
          {t("authenticator.enrol.start")}
        </button>
      </Form>
    </div>
  );
}
