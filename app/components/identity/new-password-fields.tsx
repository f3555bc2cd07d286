import { useTranslation } from "~/utils/i18n";
import { Field } from "../forms/field";

/** A new password and its confirmation, as every password form asks for them. */
export function NewPasswordFields({
  errors,
  hint,
}: {
  errors: Record<string, string[] | null | undefined>;
  hint?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        name="newPassword"
        type="password"
        label={t("changePassword.newPassword")}
        autoComplete="new-password"
        hint={hint}
        errors={errors.newPassword}
        required
      />
      <Field
        name="confirmNewPassword"
        type="password"
        label={t("changePassword.confirmNewPassword")}
        autoComplete="new-password"
        errors={errors.confirmNewPassword}
        required
      />
    </>
  );
}
