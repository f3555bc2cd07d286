import { Link } from "@remix-run/react";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import type { AnnouncementData } from "./announcement-popup";
import { Dialog } from "../ui/dialog";

/** Notice dialog, opened from the marquee at an index; previous/next walk the notices. */
export function NoticeDialog({
  notice,
  index,
  total,
  hrefFor,
  closeHref,
  timeZone,
}: {
  notice: AnnouncementData;
  index: number;
  total: number;
  hrefFor: (index: number) => string;
  closeHref: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={notice.title}
      close={{ href: closeHref }}
      className="notice-dialog"
      testId="notice-dialog"
    >
      <time dateTime={notice.publishedAt} className="muted">
        {formatTimestamp(notice.publishedAt, timeZone)}
      </time>
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: notice.contentHtml }} />
      <nav className="dialog-pager" aria-label={t("pager.pages")}>
        {index > 0 ? (
          <Link to={hrefFor(index - 1)} preventScrollReset replace>
            {t("pager.previous")}
          </Link>
        ) : null}
        <span>{t("pager.status", { page: index + 1, total })}</span>
        {index < total - 1 ? (
          <Link to={hrefFor(index + 1)} preventScrollReset replace>
            {t("pager.next")}
          </Link>
        ) : null}
      </nav>
    </Dialog>
  );
}
