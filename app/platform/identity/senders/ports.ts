/**
 * Ports for the outside parties that deliver messages to members (settings: docs/configuration.md).
 * Each has an embedded default (the outbox table) and an HTTP implementation
 * (http-sms.server.ts, http-mail.server.ts).
 *
 * `text` may contain a secret (a verification code, a reset link's ticket),
 * listed in `secrets`: implementations must never log it nor put it into an
 * error, and the embedded outbox stores it only as a hash outside the demo.
 */
export interface SmsMessage {
  dialingCode: string;
  mobile: string;
  text: string;
  purpose: string;
  secrets?: readonly string[];
}
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  purpose: string;
  secrets?: readonly string[];
}
export interface SmsSender {
  readonly kind: string;
  send(message: SmsMessage): Promise<void>;
}
export interface MailSender {
  readonly kind: string;
  send(message: MailMessage): Promise<void>;
}
