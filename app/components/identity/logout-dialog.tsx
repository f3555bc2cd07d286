import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { Dialog } from "../ui/dialog";

/**
 * Sign-out confirmation (?modal=logout): a plain form post to /logout, so
 * it works without JavaScript; cancel is a link back to the same page.
 */
export function LogoutDialog({
  closeHref,
  site = "member",
}: {
  closeHref: string;
  site?: "member" | "agent";
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t("logout.title")}
      close={{ href: closeHref }}
      className="notice-box"
      testId="logout-dialog"
    >
      <p>{t("logout.confirmText")}</p>
      <Form method="post" action="/logout" className="dialog-actions">
        {site === "agent" ? <input type="hidden" name="site" value="agent" /> : null}
        <Link to={closeHref} className="button" preventScrollReset replace>
          {t("logout.cancel")}
        </Link>
        <button type="submit" className="button primary" data-testid="logout-confirm">
          {t("logout.confirm")}
        </button>
      </Form>
    </Dialog>
  );
}
