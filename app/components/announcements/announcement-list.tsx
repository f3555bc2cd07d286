import { type ReactNode } from "react";
import { formatTimestamp } from "~/platform/calendar/datetime";

/** What one line of an announcement list shows: its title, date and (sanitized) content. */
export interface AnnouncementItem {
  id: number;
  title: string;
  contentHtml: string;
  publishedAt: string;
}

/**
 * A list of announcements, each title a `<details>` that opens its content
 * (the lobby's popup and the agent centre's page). `after` adds what follows
 * an item's content (the popup's "Go to promotion").
 */
export function AnnouncementList<T extends AnnouncementItem>({
  items,
  timeZone,
  testId,
  after,
}: {
  items: T[];
  timeZone: string;
  testId?: string;
  after?: (item: T) => ReactNode;
}) {
  return (
    <ul className="announcement-list" data-testid={testId}>
      {items.map((item) => (
        <li key={item.id}>
          <details>
            <summary>
              <span className="announcement-title">{item.title}</span>
              <time dateTime={item.publishedAt}>{formatTimestamp(item.publishedAt, timeZone)}</time>
            </summary>
            {/* Sanitized on the server when stored and again when read. */}
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: item.contentHtml }} />
            {after?.(item)}
          </details>
        </li>
      ))}
    </ul>
  );
}
