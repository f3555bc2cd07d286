import { useTranslation } from "~/utils/i18n";

export interface SupportMessageView {
  id: string;
  author: "member" | "operator";
  body: string;
  at: string;
}

/** A support conversation, oldest first; bodies are text (React escapes them), never HTML. */
export function SupportMessages({
  messages,
  viewer,
}: {
  messages: SupportMessageView[];
  viewer: "member" | "operator";
}) {
  const { t } = useTranslation();
  if (messages.length === 0) return <p className="muted">{t("support.empty")}</p>;
  return (
    <ol className="support-messages" aria-live="polite" data-testid="support-messages">
      {messages.map((message) => (
        <li
          key={message.id}
          className={message.author === viewer ? "support-message mine" : "support-message"}
          data-author={message.author}
        >
          <p className="muted">
            {t(`support.author.${message.author}`)} · <time>{message.at}</time>
          </p>
          <p className="support-body">{message.body}</p>
        </li>
      ))}
    </ol>
  );
}
