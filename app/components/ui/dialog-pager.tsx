import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";

/**
 * A dialog's previous/next links around "page N of M" (pages count from 1).
 * The links replace the history entry and keep the scroll: paging a dialog
 * is no new place to go back to.
 */
export function DialogPager({
  page,
  total,
  pageHref,
  statusTestId,
}: {
  page: number;
  total: number;
  pageHref: (page: number) => string;
  statusTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <nav className="dialog-pager" aria-label={t("pager.pages")}>
      {page > 1 ? (
        <Link to={pageHref(page - 1)} preventScrollReset replace>
          {t("pager.previous")}
        </Link>
      ) : null}
      <span data-testid={statusTestId}>{t("pager.status", { page, total })}</span>
      {page < total ? (
        <Link to={pageHref(page + 1)} preventScrollReset replace>
          {t("pager.next")}
        </Link>
      ) : null}
    </nav>
  );
}
