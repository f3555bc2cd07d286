import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { CredentialFields } from "../forms/credential-fields";
import { Dialog } from "../ui/dialog";

/**
 * The login popup of §2. Sign-in itself arrives with the identity work; until
 * then the form is shown disabled and says so, rather than pretending to work.
 */
export function LoginDialog({ redirectTo, closeHref }: { redirectTo: string | null; closeHref: string }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t("login.title")} close={{ href: closeHref }} testId="login-dialog">
      <form method="post" action="/login" className="stack-form">
        <fieldset disabled>
          <input type="hidden" name="redirectTo" value={redirectTo ?? ""} />
          <CredentialFields />
          <label className="checkbox">
            <input type="checkbox" name="remember" />
            <span>{t("login.remember")}</span>
          </label>
          <button type="submit" className="button primary">
            {t("login.submit")}
          </button>
        </fieldset>
        <p className="form-note" role="status">
          {t("login.unavailable")}
        </p>
        <p className="form-links">
          <Link to="/register">{t("login.noAccount")}</Link>
        </p>
      </form>
    </Dialog>
  );
}

export function RegisterDialog({ closeHref }: { closeHref: string }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t("register.title")} close={{ href: closeHref }} testId="register-dialog">
      <form method="post" action="/register" className="stack-form">
        <fieldset disabled>
          <CredentialFields newPassword />
          <label>
            <span>{t("register.confirmPassword")}</span>
            <input name="confirmPassword" type="password" autoComplete="new-password" />
          </label>
          <label className="checkbox">
            <input type="checkbox" name="terms" />
            <span>{t("register.terms")}</span>
          </label>
          <button type="submit" className="button primary">
            {t("register.submit")}
          </button>
        </fieldset>
        <p className="form-note" role="status">
          {t("register.unavailable")}
        </p>
        <p className="form-links">
          <Link to="/login">{t("register.haveAccount")}</Link>
        </p>
      </form>
    </Dialog>
  );
}
