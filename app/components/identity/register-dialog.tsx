import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useFetcher, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { useTranslation } from "~/utils/i18n";
import { withSearchParam } from "~/utils/misc";
import { SmsCodeButton, type CodeSent } from "./sms-code-button";
import { CheckboxField, Field, FormErrors, formReply } from "../forms/field";
import { Dialog } from "../ui/dialog";

export type RegisterMode = "username" | "mobile";

/** What the /register loader tells the dialog (built from the brand's flags and field rules). */
export interface RegisterFormView {
  mode: RegisterMode;
  modes: RegisterMode[];
  optional: { name: string; required: boolean }[];
  mobile: { shown: boolean; required: boolean };
  verification: boolean;
  countries: { countryCode: string; countryDialingCode: string }[];
  /** An agent's affiliate link's code (?affiliateCode=), prefilled. */
  affiliateCode: string | null;
  /** A friend's referral link's code (?ref=), prefilled. */
  referralCode: string | null;
  /** The REFERRAL promotion is live: the friend's code is a field of its own. */
  referral: boolean;
}

/** The form's last answer, as the dialog shows it (what /register answers when it does not redirect). */
export interface RegisterActionData {
  result?: SubmissionResult<string[]> | null;
  codeSent?: CodeSent | null;
  smsError?: string | null;
}

/** The affiliate code check's answer (/resources/affiliate): `code` echoes what was checked. */
export interface AffiliateCheck {
  code: string;
  valid: boolean;
  /** Set when the check was refused (throttled): it says nothing about the code. */
  error?: string;
}

/** Input attributes per optional field: the keyboard and autofill each one wants. */
const INPUTS: Record<
  string,
  { type?: string; inputMode?: "numeric" | "email" | "tel"; autoComplete: string }
> = {
  email: { type: "email", inputMode: "email", autoComplete: "email" },
  payeeName: { autoComplete: "name" },
  paymentPassword: { type: "password", inputMode: "numeric", autoComplete: "new-password" },
  whatsapp: { type: "tel", inputMode: "tel", autoComplete: "off" },
  qqNum: { inputMode: "numeric", autoComplete: "off" },
  affiliateCode: { autoComplete: "off" },
  birthday: { type: "date", autoComplete: "bday" },
};

/**
 * The register dialog. Username or mobile mode (tabs are links, `?mode=`), the
 * optional fields the brand enables, the SMS code with its countdown, the
 * 18+ terms. Every button submits the form (`intent` register or send-code),
 * so it works without JavaScript; the server checks everything and answers
 * with translated messages next to their fields.
 */
export function RegisterDialog({
  form,
  actionData,
}: {
  form: RegisterFormView | null;
  actionData?: RegisterActionData | null;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t("register.title")}
      close={{ href: "/" }}
      className="register-dialog"
      testId="register-dialog"
    >
      {form ? (
        <RegisterForm key={form.mode} form={form} actionData={actionData ?? null} />
      ) : (
        <p className="form-note" role="status">
          {t("register.closed")}
        </p>
      )}
      <p className="form-links">
        <Link to="/login">{t("register.haveAccount")}</Link>
      </p>
    </Dialog>
  );
}

function RegisterForm({
  form,
  actionData,
}: {
  form: RegisterFormView;
  actionData: RegisterActionData | null;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const result = actionData?.result;
  const { errors, values } = formReply(result);
  const formErrorsId = useId();
  const actionHref = `/register?mode=${form.mode}`;
  const submitting =
    navigation.state === "submitting" && navigation.formAction?.startsWith("/register") === true;
  const formRef = useRef<HTMLFormElement>(null);
  // The countdown outlives answers that do not touch it (a failed register keeps the button waiting):
  // a new answer replaces it only when it brings one. Kept while rendering, no effect needed.
  const [codeSent, setCodeSent] = useState(actionData?.codeSent ?? null);
  const [answer, setAnswer] = useState(actionData);
  if (answer !== actionData) {
    setAnswer(actionData);
    if (actionData?.codeSent) setCodeSent(actionData.codeSent);
  }
  useEffect(() => {
    // The button just went disabled under the focus: the code field is where the user goes next.
    if (actionData?.codeSent?.status === "sent")
      formRef.current?.querySelector<HTMLInputElement>('input[name="verificationCode"]')?.focus();
  }, [actionData]);

  const label = (text: string, required: boolean): ReactNode => (
    <>
      {text}
      {required ? (
        <span className="required-mark" aria-hidden="true">
          {" *"}
        </span>
      ) : null}
    </>
  );
  const affiliateShown = form.optional.some((field) => field.name === "affiliateCode");

  return (
    <>
      {form.modes.length > 1 ? (
        <nav className="register-tabs" aria-label={t("register.modes")}>
          {form.modes.map((mode) => (
            <Link
              key={mode}
              to={withSearchParam(location.pathname + location.search, "mode", mode)}
              replace
              preventScrollReset
              aria-current={form.mode === mode ? "page" : undefined}
              data-mode={mode}
            >
              {t(mode === "username" ? "register.byUsername" : "register.byMobile")}
            </Link>
          ))}
        </nav>
      ) : null}
      <Form
        ref={formRef}
        method="post"
        action={actionHref}
        className="stack-form register-form"
        noValidate
        aria-describedby={formErrorsId}
        aria-busy={submitting || undefined}
      >
        {/* Enter in any field registers: the first submit button of a form is its default. */}
        <button
          type="submit"
          name="intent"
          value="register"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
        >
          {t("register.submit")}
        </button>
        <HoneypotField />
        <p className="field-hint">{t("register.requiredNote")}</p>
        {form.mode === "username" ? (
          <Field
            name="username"
            label={label(t("register.username"), true)}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={values.username}
            errors={errors.username}
            required
          />
        ) : (
          <p className="field-hint" data-testid="mobile-account-hint">
            {t("register.mobileIsUsername")}
          </p>
        )}
        {form.mobile.shown ? (
          <div className="register-phone-row">
            <DialingCodeSelect
              countries={form.countries}
              defaultValue={values.countryDialingCode}
              errors={errors.countryDialingCode}
            />
            <Field
              name="mobileNum"
              // Text with a digit keyboard, not type=tel: type=tel allows neither of these
              // autofill fields (the number without its dialing code, or the username).
              type="text"
              inputMode="numeric"
              label={label(t("register.mobileNum"), form.mobile.required)}
              autoComplete={form.mode === "mobile" ? "username" : "tel-national"}
              defaultValue={values.mobileNum}
              errors={errors.mobileNum}
              required={form.mobile.required}
            />
          </div>
        ) : null}
        {form.verification ? (
          <div className="register-code-row">
            <Field
              name="verificationCode"
              inputMode="numeric"
              label={label(t("register.verificationCode"), form.mobile.required)}
              autoComplete="one-time-code"
              errors={errors.verificationCode}
              required={form.mobile.required}
            />
            <SmsCodeButton intent="send-code" codeSent={codeSent} />
            {actionData?.smsError ? (
              <p className="form-warning" role="alert" data-testid="sms-error">
                {actionData.smsError}
              </p>
            ) : null}
          </div>
        ) : null}
        <Field
          name="password"
          type="password"
          label={label(t("register.password"), true)}
          autoComplete="new-password"
          errors={errors.password}
          required
        />
        <Field
          name="confirmPassword"
          type="password"
          label={label(t("register.confirmPassword"), true)}
          autoComplete="new-password"
          errors={errors.confirmPassword}
          required
        />
        {form.optional.map(({ name, required }) =>
          name === "affiliateCode" ? (
            <AffiliateCodeField
              key={name}
              label={label(t("register.affiliateCode"), required)}
              defaultValue={values.affiliateCode ?? form.affiliateCode ?? ""}
              serverErrors={errors.affiliateCode}
              required={required}
            />
          ) : (
            <Field
              key={name}
              name={name}
              label={label(
                t(name === "birthday" ? "ageCheck.birthday" : `register.${name}`),
                required,
              )}
              type={INPUTS[name]?.type ?? "text"}
              inputMode={INPUTS[name]?.inputMode}
              autoComplete={INPUTS[name]?.autoComplete ?? "off"}
              defaultValue={INPUTS[name]?.type === "password" ? undefined : values[name]}
              errors={errors[name]}
              required={required}
            />
          ),
        )}
        {!affiliateShown && (values.affiliateCode ?? form.affiliateCode) ? (
          <input
            type="hidden"
            name="affiliateCode"
            value={values.affiliateCode ?? form.affiliateCode ?? ""}
          />
        ) : null}
        {form.referral || errors.referralCode ? (
          <Field
            name="referralCode"
            label={t("referral.register.code")}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            defaultValue={values.referralCode ?? form.referralCode ?? ""}
            errors={errors.referralCode}
          />
        ) : (values.referralCode ?? form.referralCode) ? (
          <input
            type="hidden"
            name="referralCode"
            value={values.referralCode ?? form.referralCode ?? ""}
          />
        ) : null}
        {/* The terms must be ticked (an inline error otherwise); the agreement states the user is 18. */}
        <CheckboxField
          name="terms"
          label={t("register.terms")}
          defaultChecked={values.terms === "on"}
          errors={errors.terms}
          className="register-terms"
        >
          <a href="/help#term" target="_blank" rel="noopener" className="register-terms-link">
            {t("register.termsLink")}
          </a>
        </CheckboxField>
        <FormErrors id={formErrorsId} errors={errors[""]} />
        <button
          type="submit"
          name="intent"
          value="register"
          className="button primary"
          disabled={submitting}
          data-testid="register-submit"
        >
          {t("register.submit")}
        </button>
      </Form>
    </>
  );
}

/** Country: the dialing codes as "+92 (PK)", the brand's first one preselected. */
function DialingCodeSelect({
  countries,
  defaultValue,
  errors,
}: {
  countries: RegisterFormView["countries"];
  defaultValue?: string;
  errors?: string[] | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const error = errors?.[0];
  return (
    <div className="field">
      <label htmlFor={id}>{t("register.countryDialingCode")}</label>
      <select
        id={id}
        name="countryDialingCode"
        defaultValue={defaultValue ?? countries[0]?.countryDialingCode}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
      >
        {countries.map((country) => (
          <option key={country.countryCode} value={country.countryDialingCode}>
            {`+${country.countryDialingCode} (${country.countryCode})`}
          </option>
        ))}
      </select>
      <div id={`${id}-error`} className="field-error" role={error ? "alert" : undefined}>
        {error ?? ""}
      </div>
    </div>
  );
}

/**
 * An affiliate code is checked by a call. With JavaScript the check runs
 * when the field is left; the server checks again on submit either way.
 */
function AffiliateCodeField({
  label,
  defaultValue,
  serverErrors,
  required,
}: {
  label: ReactNode;
  defaultValue: string;
  serverErrors?: string[] | null;
  required: boolean;
}) {
  const { t } = useTranslation();
  const check = useFetcher<AffiliateCheck>();
  const [value, setValue] = useState(defaultValue);
  // A throttled check says nothing about the code: the server decides on submit.
  const verdict =
    check.data && !check.data.error && check.data.code === value.trim() ? check.data : null;
  const errors = verdict
    ? verdict.valid
      ? null
      : [t("identityError.invitation_code_error")]
    : serverErrors;
  return (
    <Field
      name="affiliateCode"
      label={label}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      defaultValue={defaultValue}
      errors={errors}
      required={required}
      onChange={(event) => setValue(event.currentTarget.value)}
      onBlur={(event) => {
        const code = event.currentTarget.value.trim();
        if (code && code !== check.data?.code)
          check.load(`/resources/affiliate?code=${encodeURIComponent(code)}`);
      }}
    />
  );
}
