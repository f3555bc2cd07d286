import { useTranslation } from "~/utils/i18n";
import type { FeedbackThreadView } from "./types";

/**
 * A feedback with its answers. Content and answers are plain text (React
 * escapes them); images come from the authorised image route, never a
 * public URL.
 */
export function FeedbackThread({
  thread,
  heading,
}: {
  thread: FeedbackThreadView;
  heading?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <article className="member-card feedback-thread" data-testid={`feedback-thread-${thread.id}`}>
      <header>
        {heading ?? (
          <h3>
            {t("feedback.threadTitle", {
              id: thread.id,
              type: t(`feedback.types.${thread.questionType}`),
            })}
          </h3>
        )}
        <p className="muted">
          <span data-testid="feedback-status">{t(`feedback.statuses.${thread.status}`)}</span>
          {" · "}
          <time>{thread.createdAt}</time>
          {thread.account ? ` · ${thread.account}` : null}
        </p>
      </header>
      <p className="feedback-content" data-testid="feedback-content">
        {thread.content}
      </p>
      {thread.imageIds.length > 0 ? (
        <ul className="feedback-images" aria-label={t("feedback.images")}>
          {thread.imageIds.map((imageId, index) => (
            <li key={imageId}>
              <a href={`/resources/feedback-images/${imageId}`} target="_blank" rel="noreferrer">
                <img
                  src={`/resources/feedback-images/${imageId}`}
                  alt={t("feedback.imageAlt", { number: index + 1 })}
                  width={96}
                  height={96}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {thread.answers.length > 0 ? (
        <section aria-label={t("feedback.answers")}>
          {thread.answers.map((answer) => (
            <div key={answer.id} className="feedback-answer" data-testid="feedback-answer">
              <p className="muted">
                {t("feedback.answeredAt")} <time>{answer.createdAt}</time>
              </p>
              <p>{answer.body}</p>
            </div>
          ))}
        </section>
      ) : (
        <p className="muted">{t("feedback.noAnswer")}</p>
      )}
    </article>
  );
}
