import { createHash } from "node:crypto";
import { getConfig, isProductionStart } from "~/config.server";
import type { Database } from "../db/open.server";
import { logEvent } from "../log.server";
import { httpMailSender } from "./senders/http-mail.server";
import { httpSmsSender } from "./senders/http-sms.server";
import type { MailSender, SmsSender } from "./senders/ports";

export const smsRecipient = (dialingCode: string, mobile: string) => `+${dialingCode}${mobile}`;

/**
 * The embedded senders: messages land in the `outbox` table. On a demo or
 * development start (and in tests) they are kept readable and printed, so a
 * newcomer can read a registration code in the terminal; otherwise each
 * secret in a message is stored as its SHA-256 and nothing is printed, so
 * the table and the logs of a real deployment hold no usable code or link.
 */
export interface OutboxOptions {
  /** Codes and links readable in the table and printed; by default on a demo, development or test start. */
  readable?: boolean;
}

function readableByDefault() {
  return !isProductionStart(getConfig());
}

/** The message as the outbox keeps it: its secrets hashed unless readable. */
function storedText(text: string, secrets: readonly string[] = [], readable: boolean) {
  if (readable) return text;
  return secrets
    .filter((secret) => secret.length > 0)
    .reduce(
      (body, secret) =>
        body.split(secret).join(`[sha256:${createHash("sha256").update(secret).digest("hex")}]`),
      text,
    );
}

export function outboxSmsSender(db: Database, options: OutboxOptions = {}): SmsSender {
  const readable = options.readable ?? readableByDefault();
  return {
    kind: "outbox",
    async send(message) {
      const recipient = smsRecipient(message.dialingCode, message.mobile);
      await db
        .insertInto("outbox")
        .values({
          channel: "sms",
          recipient,
          subject: null,
          body: storedText(message.text, message.secrets, readable),
          purpose: message.purpose,
        })
        .execute();
      if (readable) logEvent("outbox", { channel: "sms", to: recipient, text: message.text });
    },
  };
}

export function outboxMailSender(db: Database, options: OutboxOptions = {}): MailSender {
  const readable = options.readable ?? readableByDefault();
  return {
    kind: "outbox",
    async send(message) {
      await db
        .insertInto("outbox")
        .values({
          channel: "email",
          recipient: message.to.toLowerCase(),
          subject: message.subject,
          body: storedText(message.text, message.secrets, readable),
          purpose: message.purpose,
        })
        .execute();
      if (readable) logEvent("outbox", { channel: "email", to: message.to, text: message.text });
    },
  };
}

export interface Senders {
  sms: SmsSender;
  mail: MailSender;
}

/** The HTTP adapters when configured, the outbox otherwise. */
export function sendersFor(db: Database): Senders {
  const config = getConfig();
  return {
    sms:
      config.SMS_GATEWAY_URL && config.SMS_GATEWAY_KEY
        ? httpSmsSender({ url: config.SMS_GATEWAY_URL, apiKey: config.SMS_GATEWAY_KEY })
        : outboxSmsSender(db),
    mail:
      config.MAIL_API_URL && config.MAIL_API_KEY
        ? httpMailSender({
            url: config.MAIL_API_URL,
            apiKey: config.MAIL_API_KEY,
            from: config.MAIL_FROM,
          })
        : outboxMailSender(db),
  };
}

/** The newest message to a recipient (tests and the e2e suite read codes this way). */
export async function latestOutboxMessage(db: Database, recipient: string) {
  return db
    .selectFrom("outbox")
    .selectAll()
    .where("recipient", "=", recipient)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}
