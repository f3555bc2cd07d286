import * as z from "zod/v4";
import { PlatformError } from "~/platform/errors";
import { postJsonWithRetry } from "~/platform/identity/senders/post-json.server";
import type { GatewayOrder, GatewayOrderRequest, PaymentGateway } from "./ports";
import { SIGNATURE_HEADER, signBody, unixSeconds } from "../../signed-messages.server";

const orderResponse = z.object({
  gatewayRef: z.string().min(1).max(128),
  // We send the member there: only a web page, never javascript: or data:.
  payUrl: z.url({ protocol: /^https?$/ }),
});

/**
 * Payment gateway over HTTP.
 *
 * Request: `POST <url>/orders` with JSON `{ depositId, amount, currency,
 * notifyUrl, returnUrl, timestamp }`, signed (`X-Signature`, see
 * signature.server.ts), `Idempotency-Key: deposit-<id>` so a retried or
 * repeated order for one deposit is one order at the gateway.
 * Response: 2xx JSON `{ gatewayRef, payUrl }`.
 * Network error / timeout / 5xx / 429 are retried once (post-json.server.ts);
 * any final failure or an unusable answer → `PlatformError("gateway_unavailable", { status })`.
 */
export function httpPaymentGateway(options: {
  url: string;
  key: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): PaymentGateway {
  const ordersUrl = `${options.url.replace(/\/+$/, "")}/orders`;
  return {
    kind: "http",
    async createOrder(request: GatewayOrderRequest): Promise<GatewayOrder> {
      const outcome = await postJsonWithRetry({
        url: ordersUrl,
        idempotencyKey: `deposit-${request.depositId}`,
        body: { ...request, timestamp: unixSeconds(new Date()) },
        signHeaders: (payload) => ({ [SIGNATURE_HEADER]: signBody(payload, options.key) }),
        timeoutMs: options.timeoutMs ?? 10_000,
        // Resolved per call so test interceptors installed later are seen.
        fetch: options.fetch ?? globalThis.fetch,
      });
      if (!outcome.ok) throw new PlatformError("gateway_unavailable", { status: outcome.status });
      const order = orderResponse.safeParse(outcome.body);
      if (!order.success)
        throw new PlatformError("gateway_unavailable", { status: outcome.status });
      return order.data;
    },
  };
}
