import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { NewPasswordFields } from "./new-password-fields";
import { Field, FormErrors } from "../forms/field";

/**
 * Change password for a signed-in member: the old password (always asked
 * here: nothing else proves it), the new one under the brand's password rule,
 * and its confirmation. A plain post, so it works without JavaScript; secrets
 * are never sent back, so a failed try starts with empty fields.
 */
export function ChangePasswordForm({
  result,
  passwordHint,
  action,
}: {
  result?: SubmissionResult<string[]> | null;
  /** The brand's password rule in words, e.g. "Enter 6-20 characters mixing letters and digits". */
  passwordHint?: string;
  action?: string;
}) {
  const { t } = useTranslation();
  const errors = result?.error ?? {};
  return (
    <Form
      method="post"
      action={action}
      className="stack-form"
      noValidate
      data-testid="change-password-form"
    >
      <input type="hidden" name="intent" value="change-password" />
      <Field
        name="oldPassword"
        type="password"
        label={t("changePassword.oldPassword")}
        autoComplete="current-password"
        errors={errors.oldPassword}
        required
      />
      <NewPasswordFields errors={errors} hint={passwordHint} />
      <FormErrors errors={errors[""]} />
      <button type="submit" className="button primary">
        {t("changePassword.submit")}
      </button>
    </Form>
  );
}
