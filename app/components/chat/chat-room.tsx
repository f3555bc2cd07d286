import { Form, Link } from "@remix-run/react";
import { startTransition, useId, useState } from "react";
import { FormErrors, formReply, type FormReply } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { TextareaField } from "~/components/forms/textarea-field";
import { useLiveRoom } from "~/components/live-events/live-rooms";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { CHAT_MAX_CHARS, CHAT_PAGE } from "~/platform/contact/chat-rules";
import { useTranslation } from "~/utils/i18n";

export interface ChatLine {
  id: string;
  author: string;
  text: string;
  /** ISO time; shown in the brand's time zone. */
  at: string;
}

/** Who may post: a member, or why not (a visitor logs in, a trial reads, a muted member waits). */
export type ChatAccess =
  | { kind: "member" }
  | { kind: "visitor"; loginHref: string }
  | { kind: "trial" }
  | { kind: "muted"; until: string };

/**
 * A chat room (issue 16): its latest messages as the server rendered them,
 * then, with JavaScript, new ones appended and deleted ones dropped as the
 * event channel brings them; a form that posts and comes back (works without
 * JavaScript). Messages are text: React escapes whatever was typed.
 */
export function ChatRoom({
  room,
  title,
  messages,
  access,
  timeZone,
  result,
  formKey,
  action,
  intent,
}: {
  room: string;
  title: string;
  messages: ChatLine[];
  access: ChatAccess;
  timeZone: string;
  result: FormReply | undefined;
  /** Changes after a message is sent, so the form starts empty again. */
  formKey: string;
  /** Another page showing the room (a table game's panel) posts to its own action… */
  action?: string;
  /** …with this intent, told apart there from the page's other forms. */
  intent?: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { errors, values } = formReply(result);
  const [live, setLive] = useState<{ added: ChatLine[]; deleted: string[] }>({
    added: [],
    deleted: [],
  });
  useLiveRoom(room, (event) =>
    startTransition(() =>
      setLive((shown) =>
        event.type === "chat_message"
          ? { ...shown, added: [...shown.added, event.data].slice(-CHAT_PAGE) }
          : { ...shown, deleted: [...shown.deleted, event.data.id] },
      ),
    ),
  );
  const known = new Set(messages.map((message) => message.id));
  const deleted = new Set(live.deleted);
  const shown = [...messages, ...live.added.filter((message) => !known.has(message.id))]
    .filter((message) => !deleted.has(message.id))
    .slice(-CHAT_PAGE);
  return (
    <section className="member-card chat-room" aria-labelledby={titleId} data-testid="chat-room">
      <h2 id={titleId}>{title}</h2>
      <ol className="chat-messages" aria-live="polite" data-testid="chat-messages">
        {shown.length === 0 ? <li className="muted">{t("chat.empty")}</li> : null}
        {shown.map((message) => (
          <li key={message.id} className="chat-message" data-testid="chat-message">
            <span className="chat-author">{message.author}</span>{" "}
            <time className="muted" dateTime={message.at}>
              {formatTimestamp(message.at, timeZone)}
            </time>
            <p className="chat-text">{message.text}</p>
          </li>
        ))}
      </ol>
      {access.kind === "visitor" ? (
        <p data-testid="chat-read-only">
          {t("chat.visitor")} <Link to={access.loginHref}>{t("chat.login")}</Link>
        </p>
      ) : access.kind === "trial" ? (
        <p className="muted" data-testid="chat-read-only">
          {t("chat.trial")}
        </p>
      ) : (
        <Form
          method="post"
          action={action}
          className="stack-form"
          noValidate
          key={formKey}
          data-testid="chat-form"
        >
          <HoneypotField />
          {intent ? <input type="hidden" name="intent" value={intent} /> : null}
          {access.kind === "muted" ? (
            <p className="form-errors" data-testid="chat-muted">
              {t("chat.mutedUntil", { until: access.until })}
            </p>
          ) : null}
          <TextareaField
            name="text"
            rows={2}
            label={t("chat.message")}
            hint={t("chat.hint", { max: CHAT_MAX_CHARS })}
            defaultValue={values.text ?? ""}
            errors={errors.text}
            required
          />
          <FormErrors errors={errors[""]} />
          <button type="submit" className="button primary">
            {t("chat.send")}
          </button>
        </Form>
      )}
    </section>
  );
}
