import { randomUUID } from "node:crypto";
import { PlatformError } from "~/platform/errors";
import type { MailMessage, MailSender } from "./ports";
import { postJsonWithRetry } from "./post-json.server";

/**
 * Mail sender over an HTTP mail API.
 *
 * Request: `POST <url>` with JSON `{ from, to, subject, text, purpose }`,
 * `Authorization: Bearer <apiKey>`, `Idempotency-Key: <uuid per message>`.
 * Any 2xx = accepted. Network error / timeout / 5xx / 429 are retried once
 * (see post-json.server.ts); any final failure →
 * `PlatformError("mail_send_failed", { status })`, with `status` null when no
 * response arrived. The text never appears in errors.
 */
export function httpMailSender(options: {
  url: string;
  apiKey: string;
  from: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): MailSender {
  const timeoutMs = options.timeoutMs ?? 5_000;
  return {
    kind: "http",
    async send(message: MailMessage): Promise<void> {
      const outcome = await postJsonWithRetry({
        url: options.url,
        apiKey: options.apiKey,
        idempotencyKey: randomUUID(),
        body: {
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          purpose: message.purpose,
        },
        timeoutMs,
        fetch: options.fetch ?? globalThis.fetch,
      });
      if (!outcome.ok) throw new PlatformError("mail_send_failed", { status: outcome.status });
    },
  };
}
