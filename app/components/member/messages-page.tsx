import { Form, Link, useLocation } from "@remix-run/react";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { rewardCentreHref } from "~/utils/lobby-links";
import { useMessageText } from "./message-text";
import { Pager } from "../ui/pager";

/** A message to the account: its kind and parameters, translated in the reader's language. */
export interface MessageView {
  id: string;
  kind: string;
  params: Record<string, string>;
  createdAt: string;
  read: boolean;
  /**
   * The promotion a reward message names (its `promotion` parameter), in the
   * reader's language: null when it no longer exists, absent when none is named.
   */
  promotion?: { code: string; title: string } | null;
}

/** What a messages page renders (the routes pass their loader's data, which TypeScript checks against this). */
export interface MessagesPageData {
  title: string;
  currency: { symbol: string; minorUnits: number };
  timeZone: string;
  messages: MessageView[];
  unread: number;
  page: number;
  pageCount: number;
  marked: boolean;
}

/**
 * The platform's messages to the signed-in account, newest first, with
 * "mark all read" (a POST to the page): the member centre's messageV2 and
 * the agent centre's platform messages.
 */
export function MessagesPage({
  title,
  messages,
  unread,
  page,
  pageCount,
  marked,
  currency,
  timeZone,
}: MessagesPageData) {
  const { t } = useTranslation();
  const location = useLocation();
  const text = useMessageText(currency);
  return (
    <div className="records-page messages-page">
      <h1>{title}</h1>
      {marked ? (
        <p className="form-success" role="status" data-testid="messages-marked">
          {t("messagesPage.marked")}
        </p>
      ) : null}
      {unread > 0 ? (
        <Form method="post" className="filters">
          <p className="muted" data-testid="messages-unread">
            {t("memberCentre.unread", { count: unread })}
          </p>
          <button type="submit" name="intent" value="mark-read" className="button">
            {t("messagesPage.markAllRead")}
          </button>
        </Form>
      ) : null}
      {messages.length === 0 ? (
        <p className="empty-state" data-testid="messages-empty">
          {t("messagesPage.empty")}
        </p>
      ) : (
        <ul className="message-list" data-testid="message-list">
          {messages.map((message) => (
            <li
              key={message.id}
              className="member-card"
              data-unread={message.read ? undefined : "true"}
              data-testid="message"
            >
              <p className="muted">
                <time dateTime={message.createdAt}>
                  {formatTimestamp(message.createdAt, timeZone)}
                </time>{" "}
                {message.read ? null : <span className="badge">{t("messagesPage.new")}</span>}
              </p>
              {message.promotion !== undefined ? (
                <h2 className="message-title" data-testid="message-title">
                  {message.promotion ? (
                    <Link to={rewardCentreHref(message.promotion.code)}>
                      {message.promotion.title}
                    </Link>
                  ) : (
                    t("messagesPage.promotionGone")
                  )}
                </h2>
              ) : null}
              <p className={message.read ? undefined : "message-unread"}>{text(message)}</p>
            </li>
          ))}
        </ul>
      )}
      <Pager
        pageNum={page}
        totalPages={pageCount}
        pageHref={(target) => `${location.pathname}?page=${target}`}
      />
    </div>
  );
}
