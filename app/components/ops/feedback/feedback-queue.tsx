import { Link } from "@remix-run/react";
import type { FeedbackThreadView } from "~/components/feedback/types";
import { useTranslation } from "~/utils/i18n";

/** The queue's rows: who, what, when, the status, a link to the thread. Content is text, cut short. */
export function FeedbackQueue({
  threads,
  total,
}: {
  threads: FeedbackThreadView[];
  total: number;
}) {
  const { t } = useTranslation();
  if (threads.length === 0) return <p className="muted">{t("feedback.ops.empty")}</p>;
  return (
    <table className="records-table" data-testid="ops-feedback-list">
      <caption>{t("feedback.ops.count", { count: total })}</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t("feedback.ops.member")}</th>
          <th scope="col">{t("feedback.questionType")}</th>
          <th scope="col">{t("feedback.content")}</th>
          <th scope="col">{t("feedback.ops.status")}</th>
          <th scope="col">{t("feedback.ops.sentAt")}</th>
        </tr>
      </thead>
      <tbody>
        {threads.map((thread) => (
          <tr key={thread.id}>
            <td>
              <Link
                to={`/ops/feedback/${thread.id}`}
                data-testid={`ops-feedback-open-${thread.id}`}
              >
                {thread.id}
              </Link>
            </td>
            <td>{thread.account}</td>
            <td>{t(`feedback.types.${thread.questionType}`)}</td>
            <td>
              {thread.content.length > 80 ? `${thread.content.slice(0, 80)}…` : thread.content}
            </td>
            <td>{t(`feedback.statuses.${thread.status}`)}</td>
            <td>
              <time>{thread.createdAt}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
