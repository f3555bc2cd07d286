import { Form } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { Field, FormErrors } from "../forms/field";
import { Dialog } from "../ui/dialog";

/**
 * The code step of a login (ADR 34): the password was right, the ticket stands
 * for it; a code from the authenticator app (or a recovery code) opens the
 * session. Posts to the login's own page, so it works without JavaScript.
 */
export function SecondFactorForm({
  ticket,
  errors,
  action,
}: {
  ticket: string;
  errors?: string[] | null;
  action?: string;
}) {
  const { t } = useTranslation();
  return (
    <Form
      method="post"
      action={action}
      className="stack-form"
      noValidate
      data-testid="second-factor-form"
    >
      <p className="form-note">{t("authenticator.login.intro")}</p>
      <input type="hidden" name="intent" value="second-factor" />
      <input type="hidden" name="ticket" value={ticket} />
      <Field
        name="authCode"
        label={t("authenticator.code")}
        hint={t("authenticator.codeHint")}
        autoComplete="one-time-code"
        inputMode="text"
        required
        maxLength={32}
      />
      <FormErrors errors={errors} />
      <button type="submit" className="button primary" data-testid="second-factor-submit">
        {t("authenticator.login.submit")}
      </button>
    </Form>
  );
}

/** The code step over the portal's and the agent site's pages. */
export function SecondFactorDialog({
  ticket,
  errors,
  closeHref,
  action,
}: {
  ticket: string;
  errors?: string[] | null;
  closeHref: string;
  action?: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t("authenticator.login.title")}
      close={{ href: closeHref }}
      testId="second-factor-dialog"
    >
      <SecondFactorForm ticket={ticket} errors={errors} action={action} />
    </Dialog>
  );
}
