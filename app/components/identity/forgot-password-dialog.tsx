import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { useTranslation } from "~/utils/i18n";
import type { CountryOption } from "./country-select";
import { NewPasswordFields } from "./new-password-fields";
import { PhoneCodeFields } from "./phone-fields";
import type { CodeSent } from "./sms-code-button";
import { Field, FormErrors, formReply } from "../forms/field";
import { Dialog } from "../ui/dialog";

/**
 * The forgot-password dialog: by e-mail (username + e-mail → in_been_out) or by
 * phone (mobile, code, new password → signed in). Mobile is the default tab
 * when phone verification is on.
 */
export function ForgotPasswordDialog({
  by,
  countries,
  result,
  codeSent,
  notice,
}: {
  by: "email" | "mobile";
  countries: CountryOption[];
  result?: SubmissionResult<string[]> | null;
  codeSent?: CodeSent | null;
  notice?: string | null;
}) {
  const { t } = useTranslation();
  const { errors, values } = formReply(result);
  return (
    <Dialog title={t("forgot.title")} close={{ href: "/login" }} testId="forgot-dialog">
      <nav className="dialog-tabs" aria-label={t("forgot.methods")}>
        <Link
          to="/login?modal=forgot&by=mobile"
          replace
          preventScrollReset
          aria-current={by === "mobile" ? "page" : undefined}
        >
          {t("forgot.byMobile")}
        </Link>
        <Link
          to="/login?modal=forgot&by=email"
          replace
          preventScrollReset
          aria-current={by === "email" ? "page" : undefined}
        >
          {t("forgot.byEmail")}
        </Link>
      </nav>
      {by === "email" ? (
        <Form method="post" className="stack-form" noValidate>
          <HoneypotField />
          <input type="hidden" name="intent" value="forgot-email" />
          <Field
            name="username"
            label={t("login.username")}
            autoComplete="username"
            defaultValue={values.username}
            errors={errors.username}
            required
          />
          <Field
            name="email"
            type="email"
            label={t("forgot.email")}
            autoComplete="email"
            defaultValue={values.email}
            errors={errors.email}
            required
          />
          {notice ? (
            <p className="form-success" role="status" data-testid="forgot-notice">
              {notice}
            </p>
          ) : null}
          <FormErrors errors={errors[""]} />
          <button type="submit" className="button primary">
            {t("forgot.sendLink")}
          </button>
        </Form>
      ) : (
        <Form method="post" className="stack-form" noValidate>
          <HoneypotField />
          <PhoneCodeFields
            countries={countries}
            errors={errors}
            values={values}
            codeIntent="forgot-code"
            codeSent={codeSent ?? null}
          />
          <NewPasswordFields errors={errors} />
          <FormErrors errors={errors[""]} />
          <button type="submit" name="intent" value="forgot-mobile" className="button primary">
            {t("forgot.reset")}
          </button>
        </Form>
      )}
    </Dialog>
  );
}
