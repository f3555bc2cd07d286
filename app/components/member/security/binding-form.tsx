import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Field, FormErrors } from "~/components/forms/field";
import { SmsCodeButton } from "~/components/identity/sms-code-button";
import { useTranslation } from "~/utils/i18n";
import { answerParts, type SectionAnswer } from "./section";

/**
 * The shared shape of the bind forms: the new number or address (children),
 * a code sent to it (the get-code button posts intent send-code with the
 * form's channel), the proof that it is the member (the login password, or with an
 * authenticator either that or a code from the app) and the bind button. Works without
 * JavaScript: every button is a plain submit.
 */
export function BindingForm({
  intent,
  channel,
  answer,
  submitLabel,
  withAuthenticator,
  children,
}: {
  intent: "bind-phone" | "bind-email";
  channel: "sms" | "email";
  answer?: SectionAnswer;
  submitLabel: string;
  /** The member has an authenticator: its code is offered beside the password. */
  withAuthenticator: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { errors } = answerParts(answer);
  // Either proof will do with an authenticator, so the password is then not required on its own.
  const password = (
    <Field
      name="loginPassword"
      type="password"
      label={t("accountSafety.loginPassword")}
      autoComplete="current-password"
      errors={errors.loginPassword}
      required={!withAuthenticator}
    />
  );
  return (
    <Form
      method="post"
      action={`/member/security#${intent}`}
      className="stack-form"
      noValidate
      data-testid={`${intent}-form`}
    >
      {/* Enter in any field binds: the first submit button of a form is its default. */}
      <button
        type="submit"
        name="intent"
        value={intent}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
      >
        {submitLabel}
      </button>
      <input type="hidden" name="channel" value={channel} />
      {children}
      <div className="register-code-row">
        <Field
          name="verificationCode"
          inputMode="numeric"
          label={t("phone.code")}
          autoComplete="one-time-code"
          errors={errors.verificationCode}
          required
        />
        <SmsCodeButton intent="send-code" codeSent={answer?.codeSent ?? null} />
      </div>
      {/* The session alone never moves the account's contacts: a proof of the member too. */}
      {withAuthenticator ? (
        <fieldset>
          <legend>{t("accountSafety.proofLegend")}</legend>
          {password}
          <Field
            name="authenticatorCode"
            label={t("accountSafety.orAuthenticatorCode")}
            hint={t("authenticator.codeHint")}
            autoComplete="one-time-code"
            spellCheck={false}
            errors={errors.authenticatorCode}
          />
        </fieldset>
      ) : (
        password
      )}
      <FormErrors errors={errors[""]} />
      <button type="submit" name="intent" value={intent} className="button primary">
        {submitLabel}
      </button>
    </Form>
  );
}

/** "Bound: +92 30******67" or "Not bound"; the masked value kept left-to-right inside RTL text. */
export function BoundStatus({ value, testId }: { value: string | null; testId: string }) {
  const { t } = useTranslation();
  return (
    <p data-testid={testId}>
      {value
        ? t("security.bind.boundTo", { value: `\u2066${value}\u2069` })
        : t("security.bind.notBound")}
    </p>
  );
}
