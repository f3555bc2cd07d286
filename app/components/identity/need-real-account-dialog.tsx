import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { Dialog } from "../ui/dialog";

/**
 * The `in_need_true_account` message: a trial account opened a member or agent centre
 * or launched a real game. URL state (?modal=real-account); confirm closes it.
 */
export function NeedRealAccountDialog({ closeHref }: { closeHref: string }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t("realAccount.title")}
      close={{ href: closeHref }}
      className="notice-box"
      testId="real-account-dialog"
    >
      <div className="notice-box-body">
        {/* The sprite's "info" symbol (public/icons.svg). */}
        <svg
          width={48}
          height={48}
          className="icon notice-box-icon"
          role="img"
          aria-label={t("realAccount.iconLabel")}
          focusable="false"
        >
          <use href="/icons.svg#info" />
        </svg>
        <p>{t("realAccount.message")}</p>
      </div>
      <div className="dialog-actions">
        <Link
          to={closeHref}
          className="button primary"
          preventScrollReset
          replace
          data-testid="real-account-confirm"
        >
          {t("realAccount.confirm")}
        </Link>
      </div>
    </Dialog>
  );
}
