import { formatTimestamp } from "~/platform/calendar/datetime";
import type { AnnouncementData } from "./announcement-popup";
import { Dialog } from "../ui/dialog";
import { DialogPager } from "../ui/dialog-pager";

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
      <DialogPager page={index + 1} total={total} pageHref={(page) => hrefFor(page - 1)} />
    </Dialog>
  );
}
