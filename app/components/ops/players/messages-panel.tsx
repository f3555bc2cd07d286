import { Link } from "@remix-run/react";
import { useMessageText } from "~/components/member/message-text";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { useStaffCan } from "../use-staff-can";
import { LatestTable } from "./latest-table";
import { PanelTable } from "./panel-table";

type Currency = { symbol: string; minorUnits: number };

/** The messages tab's data, as JSON (the platform's PlayerMessages). */
export interface PlayerMessagesView {
  inbox: {
    rows: {
      id: string;
      kind: string;
      params: Record<string, string>;
      createdAt: string;
      read: boolean;
    }[];
    total: number;
  };
  support: { id: string; status: string; unread: number; lastMessageAt: string }[];
  /** Null for a role that may not read feedback. */
  feedback: {
    rows: { id: string; questionType: string; status: string; createdAt: string }[];
    total: number;
  } | null;
}

/**
 * What the member was told and what it told us: the platform's messages in
 * its inbox (read or not), its support conversation, and its feedback
 * threads, these only for a role that may read feedback.
 */
export function MessagesPanel({
  messages,
  shown,
  currency,
  timeZone,
}: {
  messages: PlayerMessagesView;
  shown: number;
  currency: Currency;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const text = useMessageText(currency);
  const mayReadFeedback = useStaffCan("feedback.view");
  const when = (at: string) => formatTimestamp(at, timeZone);
  const count = (total: number) =>
    t("opsPlayers.messages.count", { count: total, shown: Math.min(total, shown) });
  const { inbox, support, feedback } = messages;
  return (
    <>
      <h2>{t("opsPlayers.tabs.messages")}</h2>

      <LatestTable
        title={t("opsPlayers.messages.inbox")}
        total={inbox.total}
        count={count(inbox.total)}
        none={t("opsPlayers.messages.noInbox")}
        testId="ops-player-inbox"
        head={
          <>
            <th scope="col">{t("feedback.ops.sentAt")}</th>
            <th scope="col">{t("opsPlayers.messages.message")}</th>
            <th scope="col">{t("opsPlayers.messages.read")}</th>
          </>
        }
      >
        {inbox.rows.map((message) => (
          <tr key={message.id} data-testid="ops-player-message" data-kind={message.kind}>
            <td>{when(message.createdAt)}</td>
            <td dir="auto">{text(message)}</td>
            <td>{t(message.read ? "opsPlayers.messages.isRead" : "opsPlayers.messages.unread")}</td>
          </tr>
        ))}
      </LatestTable>

      <PanelTable
        title={t("opsPlayers.messages.support")}
        rows={support.length}
        none={t("opsPlayers.messages.noSupport")}
        testId="ops-player-support"
        head={
          <>
            <th scope="col">{t("opsPlayers.messages.conversation")}</th>
            <th scope="col">{t("opsPlayers.columns.status")}</th>
            <th scope="col">{t("opsPlayers.messages.lastMessage")}</th>
            <th scope="col">{t("opsPlayers.messages.staffUnread")}</th>
          </>
        }
      >
        {support.map((conversation) => (
          <tr key={conversation.id} data-testid="ops-player-conversation">
            <td>
              <Link to={`/ops/support/${conversation.id}`}>
                {t("opsPlayers.messages.conversationLink", { id: conversation.id })}
              </Link>
            </td>
            <td>{t(`opsPlayers.messages.supportStatuses.${conversation.status}`)}</td>
            <td>{when(conversation.lastMessageAt)}</td>
            <td>{conversation.unread}</td>
          </tr>
        ))}
      </PanelTable>

      {feedback && mayReadFeedback ? (
        <LatestTable
          title={t("feedback.ops.nav")}
          total={feedback.total}
          count={count(feedback.total)}
          none={t("opsPlayers.messages.noFeedback")}
          testId="ops-player-feedback"
          head={
            <>
              <th scope="col">{t("feedback.ops.sentAt")}</th>
              <th scope="col">{t("feedback.questionType")}</th>
              <th scope="col">{t("feedback.ops.status")}</th>
            </>
          }
        >
          {feedback.rows.map((thread) => (
            <tr key={thread.id} data-testid="ops-player-feedback-thread">
              <td>
                <Link to={`/ops/feedback/${thread.id}`}>
                  {t("feedback.ops.threadTitle", { id: thread.id })}
                </Link>
                <div className="muted">{when(thread.createdAt)}</div>
              </td>
              <td>{t(`feedback.types.${thread.questionType}`)}</td>
              <td>{t(`feedback.statuses.${thread.status}`)}</td>
            </tr>
          ))}
        </LatestTable>
      ) : null}
    </>
  );
}
