import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { NewPasswordFields } from "./new-password-fields";
import { FormErrors } from "../forms/field";
import { Dialog } from "../ui/dialog";

/**
 * The change-password dialog, when a login must change its password (default password,
 * first login, expiry) or a reset link was opened. The ticket proves the old
 * password, so it is not asked again; on success the user is signed in.
 */
export function ChangePasswordDialog({
  ticket,
  reason,
  result,
  closeHref,
  action,
}: {
  ticket: string;
  reason: string;
  result?: SubmissionResult<string[]> | null;
  closeHref: string;
  action?: string;
}) {
  const { t } = useTranslation();
  const errors = result?.error ?? {};
  return (
    <Dialog
      title={t("changePassword.title")}
      close={{ href: closeHref }}
      testId="change-password-dialog"
    >
      <p className="form-note" data-testid="change-password-reason">
        {t(`changePassword.reason.${reason}`, { defaultValue: t("changePassword.reason.default") })}
      </p>
      <Form method="post" action={action} className="stack-form" noValidate>
        <input type="hidden" name="intent" value="change-password" />
        <input type="hidden" name="ticket" value={ticket} />
        <input type="hidden" name="reason" value={reason} />
        <NewPasswordFields errors={errors} />
        <FormErrors errors={result?.error?.[""]} />
        <button type="submit" className="button primary">
          {t("changePassword.submit")}
        </button>
      </Form>
    </Dialog>
  );
}
