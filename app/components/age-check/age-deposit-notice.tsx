import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";

/** Issue 17: shown instead of the deposit form until the member's birthday is verified. */
export function AgeDepositNotice() {
  const { t } = useTranslation();
  return (
    <div className="form-notice" role="status" data-testid="age-deposit-notice">
      <p>{t("ageCheck.depositNotice")}</p>
      <p>
        <Link to="/member/security#age-check">{t("ageCheck.depositLink")}</Link>
      </p>
    </div>
  );
}
