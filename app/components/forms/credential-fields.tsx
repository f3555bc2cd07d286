import { useTranslation } from "~/utils/i18n";

/** Username and password, labelled, with the autocomplete hints password managers need. */
export function CredentialFields({ newPassword = false }: { newPassword?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <label>
        <span>{t("login.username")}</span>
        <input name="username" autoComplete="username" />
      </label>
      <label>
        <span>{t("login.password")}</span>
        <input name="password" type="password" autoComplete={newPassword ? "new-password" : "current-password"} />
      </label>
    </>
  );
}
