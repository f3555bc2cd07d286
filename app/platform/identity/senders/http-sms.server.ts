import { randomUUID } from "node:crypto";
import { PlatformError } from "~/platform/errors";
import type { SmsMessage, SmsSender } from "./ports";
import { postJsonWithRetry } from "./post-json.server";

/**
 * SMS sender over an HTTP gateway.
 *
 * Request: `POST <url>` with JSON `{ to: "+<dialingCode><mobile>", text, purpose }`,
 * `Authorization: Bearer <apiKey>`, `Idempotency-Key: <uuid per message>`.
 * Response: any 2xx = accepted. `422 { "error": "invalid_number" }` = the
 * number cannot receive SMS → `PlatformError("invalid-phone-number")`.
 * Network error / timeout / 5xx / 429 are retried once (see post-json.server.ts);
 * every other failure → `PlatformError("sms_send_failed", { status })`, with
 * `status` null when no response arrived. The text never appears in errors.
 */
export function httpSmsSender(options: {
  url: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): SmsSender {
  const timeoutMs = options.timeoutMs ?? 5_000;
  return {
    kind: "http",
    async send(message: SmsMessage): Promise<void> {
      const outcome = await postJsonWithRetry({
        url: options.url,
        apiKey: options.apiKey,
        idempotencyKey: randomUUID(),
        body: { to: internationalNumber(message), text: message.text, purpose: message.purpose },
        timeoutMs,
        // Resolved per call so test interceptors installed later are seen.
        fetch: options.fetch ?? globalThis.fetch,
      });
      if (outcome.ok) return;
      if (outcome.status === 422 && outcome.error === "invalid_number") {
        throw new PlatformError("invalid-phone-number", { status: outcome.status });
      }
      throw new PlatformError("sms_send_failed", { status: outcome.status });
    },
  };
}

/** E.164-style "+<dialing code><mobile>", tolerating "+63" vs "63" and spaces/dashes. */
function internationalNumber(message: SmsMessage): string {
  const code = message.dialingCode.replace(/\D/g, "");
  const mobile = message.mobile.replace(/[\s\-().]/g, "");
  return `+${code}${mobile}`;
}
