import { getConfig, isProductionStart } from "~/config.server";
import type { Database } from "../db/open.server";
import { logEvent } from "../log.server";
import { httpMailSender } from "./senders/http-mail.server";
import { httpSmsSender } from "./senders/http-sms.server";
import type { MailSender, SmsSender } from "./senders/ports";

export const smsRecipient = (dialingCode: string, mobile: string) => `+${dialingCode}${mobile}`;

/**
 * The embedded senders: messages land in the `outbox` table. On a
 * demo or development start they are also printed, so a newcomer can read a
 * registration code in the terminal; production logs never carry a code.
 */
function showInDevLog(channel: string, recipient: string, text: string) {
  if (!isProductionStart(getConfig())) {
    logEvent("outbox", { channel, to: recipient, text });
  }
}

export function outboxSmsSender(db: Database): SmsSender {
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
          body: message.text,
          purpose: message.purpose,
        })
        .execute();
      showInDevLog("sms", recipient, message.text);
    },
  };
}

export function outboxMailSender(db: Database): MailSender {
  return {
    kind: "outbox",
    async send(message) {
      await db
        .insertInto("outbox")
        .values({
          channel: "email",
          recipient: message.to.toLowerCase(),
          subject: message.subject,
          body: message.text,
          purpose: message.purpose,
        })
        .execute();
      showInDevLog("email", message.to, message.text);
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
