import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { loginHref } from "~/utils/lobby-links";
import { Dialog } from "../ui/dialog";

export interface AnnouncementData {
  id: number;
  title: string;
  contentHtml: string;
  promotionType: string | null;
  publishedAt: string;
}

/** §2 announcement popup: a page of (up to 9) titles, each expandable to its sanitized HTML. */
export function AnnouncementPopup({
  items,
  page,
  totalPages,
  pageHref,
  returnTo,
  timeZone,
}: {
  items: AnnouncementData[];
  page: number;
  totalPages: number;
  pageHref: (page: number) => string;
  returnTo: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t("announcements.title")}
      close={{ action: "/resources/announcements", fields: { redirectTo: returnTo } }}
      className="announcement-dialog"
      testId="announcement-popup"
    >
      <ul className="announcement-list">
        {items.map((item) => (
          <li key={item.id}>
            <details>
              <summary>
                <span className="announcement-title">{item.title}</span>
                <time dateTime={item.publishedAt}>
                  {formatTimestamp(item.publishedAt, timeZone)}
                </time>
              </summary>
              {/* Sanitized on the server when stored and again when read. */}
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: item.contentHtml }} />
              {item.promotionType ? (
                <Link to={loginHref("/member/rewards")} className="button primary small">
                  {t("announcements.goToPromotion")}
                </Link>
              ) : null}
            </details>
          </li>
        ))}
      </ul>
      {totalPages > 1 ? (
        <nav className="dialog-pager" aria-label={t("pager.pages")}>
          {page > 1 ? (
            <Link to={pageHref(page - 1)} preventScrollReset replace>
              {t("pager.previous")}
            </Link>
          ) : null}
          <span data-testid="announcement-page">
            {t("pager.status", { page, total: totalPages })}
          </span>
          {page < totalPages ? (
            <Link to={pageHref(page + 1)} preventScrollReset replace>
              {t("pager.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </Dialog>
  );
}
