import { createHmac } from "node:crypto";
import { http, HttpResponse } from "msw";
import { describe, expect, test } from "vitest";
import { parseConfig } from "~/config.server";
import { PlatformError } from "~/platform/errors";
import { signBody, verifySignature } from "~/platform/signed-messages.server";
import { offeredChannels } from "~/platform/wallet/payments/channels.server";
import { httpPaymentGateway } from "~/platform/wallet/payments/http-gateway.server";
import type { GatewayOrderRequest } from "~/platform/wallet/payments/ports";
import { readSignedCallback } from "~/platform/wallet/payments/signature.server";
import { useMswServer } from "../../helpers/msw";
import { testWalletPolicy } from "../../helpers/wallet";

const GATEWAY_URL = "https://pay.gateway.test/v2";
const KEY = "gateway-shared-key-0123456789";

const server = useMswServer();

interface Seen {
  raw: string;
  signature: string | null;
  authorization: string | null;
  idempotencyKey: string | null;
}

/** The gateway's order endpoint answering `responses[i]` to the i-th call (the last repeats). */
function ordersEndpoint(responses: Array<() => Response>): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.post(`${GATEWAY_URL}/orders`, async ({ request }) => {
      seen.push({
        raw: await request.text(),
        signature: request.headers.get("x-signature"),
        authorization: request.headers.get("authorization"),
        idempotencyKey: request.headers.get("idempotency-key"),
      });
      return responses[Math.min(seen.length - 1, responses.length - 1)]!();
    }),
  );
  return seen;
}

const order: GatewayOrderRequest = {
  depositId: "41",
  amount: "250000",
  currency: "PKR",
  notifyUrl: "https://portal.test/resources/payments/callback",
  returnUrl: "https://portal.test/member/deposit?returned=41",
};

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformError);
    return error as PlatformError;
  }
  throw new Error("expected a failure");
}

const gateway = () => httpPaymentGateway({ url: GATEWAY_URL, key: KEY, timeoutMs: 2_000 });

describe("HTTP payment gateway: orders", () => {
  test("the order is signed over its exact bytes and carries the amount in minor units", async () => {
    const seen = ordersEndpoint([
      () => HttpResponse.json({ gatewayRef: "GW-1", payUrl: "https://pay.gateway.test/p/GW-1" }),
    ]);
    const before = Math.floor(Date.now() / 1000);
    const result = await gateway().createOrder(order);
    expect(result).toEqual({ gatewayRef: "GW-1", payUrl: "https://pay.gateway.test/p/GW-1" });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    const body = JSON.parse(request!.raw);
    expect(body).toMatchObject({ ...order, amount: "250000" });
    expect(body.timestamp).toBeGreaterThanOrEqual(before);
    // Signed with the shared key, computed independently here.
    expect(request!.signature).toBe(createHmac("sha256", KEY).update(request!.raw).digest("hex"));
    expect(verifySignature(request!.raw, request!.signature, KEY)).toBe(true);
    // The key itself never travels.
    expect(request!.authorization).toBeNull();
    expect(request!.raw).not.toContain(KEY);
    expect(request!.idempotencyKey).toBe("deposit-41");
  });

  test("a gateway 500 is retried once with the same signed bytes, then gateway_unavailable", async () => {
    const seen = ordersEndpoint([() => HttpResponse.json({ error: "down" }, { status: 500 })]);
    const error = await failure(gateway().createOrder(order));
    expect(error.code).toBe("gateway_unavailable");
    expect(error.details).toEqual({ status: 500 });
    expect(seen).toHaveLength(2);
    expect(seen[1]!.raw).toBe(seen[0]!.raw);
    expect(seen[1]!.signature).toBe(seen[0]!.signature);
  });

  test("500 then 200: the retry's order is used", async () => {
    const seen = ordersEndpoint([
      () => new HttpResponse(null, { status: 503 }),
      () => HttpResponse.json({ gatewayRef: "GW-2", payUrl: "https://pay.gateway.test/p/GW-2" }),
    ]);
    expect((await gateway().createOrder(order)).gatewayRef).toBe("GW-2");
    expect(seen).toHaveLength(2);
  });

  test("no answer at all (network error): gateway_unavailable with no status", async () => {
    ordersEndpoint([() => HttpResponse.error()]);
    const error = await failure(gateway().createOrder(order));
    expect(error.code).toBe("gateway_unavailable");
    expect(error.details).toEqual({ status: null });
  });

  test.each([
    ["not JSON", () => new HttpResponse("ok", { status: 200 })],
    ["no reference", () => HttpResponse.json({ payUrl: "https://pay.gateway.test/p/x" })],
    [
      "a script URL to send the member to",
      () => HttpResponse.json({ gatewayRef: "GW-3", payUrl: "javascript:alert(1)" }),
    ],
    ["a 400", () => HttpResponse.json({ error: "bad_amount" }, { status: 400 })],
  ])("an unusable answer (%s) is gateway_unavailable", async (_name, respond) => {
    const seen = ordersEndpoint([respond]);
    expect((await failure(gateway().createOrder(order))).code).toBe("gateway_unavailable");
    expect(seen).toHaveLength(1);
  });
});

describe("callback signatures", () => {
  const now = new Date("2025-03-01T10:00:00Z");
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const callback = (timestamp = nowSeconds) =>
    JSON.stringify({ gatewayRef: "GW-1", status: "success", amount: "250000", timestamp });

  test("a good signature over the raw body is accepted", () => {
    const raw = callback();
    const result = readSignedCallback(raw, signBody(raw, KEY), KEY, now);
    expect(result).toEqual({
      ok: true,
      callback: { gatewayRef: "GW-1", status: "success", amount: "250000", timestamp: nowSeconds },
    });
    // Upper-case hex is the same signature.
    expect(readSignedCallback(raw, signBody(raw, KEY).toUpperCase(), KEY, now).ok).toBe(true);
  });

  test("a tampered body fails, even when it parses to the same object", () => {
    const raw = callback();
    const signature = signBody(raw, KEY);
    expect(readSignedCallback(raw.replace("250000", "990000"), signature, KEY, now)).toEqual({
      ok: false,
      reason: "signature",
    });
    expect(readSignedCallback(` ${raw}`, signature, KEY, now)).toEqual({
      ok: false,
      reason: "signature",
    });
  });

  test("a signature made with another key, a missing or a malformed one fails", () => {
    const raw = callback();
    expect(readSignedCallback(raw, signBody(raw, "another-key-0123456789"), KEY, now)).toEqual({
      ok: false,
      reason: "signature",
    });
    expect(readSignedCallback(raw, null, KEY, now)).toEqual({ ok: false, reason: "signature" });
    expect(readSignedCallback(raw, "abc", KEY, now)).toEqual({ ok: false, reason: "signature" });
    expect(readSignedCallback(raw, signBody(raw, KEY).slice(0, 62), KEY, now)).toEqual({
      ok: false,
      reason: "signature",
    });
  });

  test("older than 5 minutes (or as far in the future) is refused even when signed", () => {
    const fresh = callback(nowSeconds - 299);
    expect(readSignedCallback(fresh, signBody(fresh, KEY), KEY, now).ok).toBe(true);
    const stale = callback(nowSeconds - 301);
    expect(readSignedCallback(stale, signBody(stale, KEY), KEY, now)).toEqual({
      ok: false,
      reason: "stale",
    });
    const future = callback(nowSeconds + 301);
    expect(readSignedCallback(future, signBody(future, KEY), KEY, now)).toEqual({
      ok: false,
      reason: "stale",
    });
  });

  test("signed but not a callback (no timestamp, a number amount, not JSON) is malformed", () => {
    for (const raw of [
      JSON.stringify({ gatewayRef: "GW-1", status: "success", amount: "1" }),
      JSON.stringify({ gatewayRef: "GW-1", status: "success", amount: 1, timestamp: nowSeconds }),
      JSON.stringify({ gatewayRef: "GW-1", status: "maybe", amount: "1", timestamp: nowSeconds }),
      "not json",
    ]) {
      expect(readSignedCallback(raw, signBody(raw, KEY), KEY, now)).toEqual({
        ok: false,
        reason: "malformed",
      });
    }
  });
});

describe("payment configuration and channels", () => {
  test("a gateway URL needs its key; a bad URL or a short key stops start-up naming the variable", () => {
    expect(() => parseConfig({ PAYMENT_GATEWAY_URL: GATEWAY_URL })).toThrow(
      /PAYMENT_GATEWAY_KEY: is required when PAYMENT_GATEWAY_URL is set/,
    );
    expect(() =>
      parseConfig({ PAYMENT_GATEWAY_URL: "not a url", PAYMENT_GATEWAY_KEY: KEY }),
    ).toThrow(/\bPAYMENT_GATEWAY_URL\b/);
    expect(() =>
      parseConfig({ PAYMENT_GATEWAY_URL: "ftp://pay.test", PAYMENT_GATEWAY_KEY: KEY }),
    ).toThrow(/\bPAYMENT_GATEWAY_URL\b/);
    expect(() =>
      parseConfig({ PAYMENT_GATEWAY_URL: GATEWAY_URL, PAYMENT_GATEWAY_KEY: "short" }),
    ).toThrow(/\bPAYMENT_GATEWAY_KEY\b/);
    expect(
      parseConfig({ PAYMENT_GATEWAY_URL: GATEWAY_URL, PAYMENT_GATEWAY_KEY: KEY }),
    ).toMatchObject({
      PAYMENT_GATEWAY_URL: GATEWAY_URL,
      PAYMENT_GATEWAY_KEY: KEY,
    });
    expect(parseConfig({}).PAYMENT_GATEWAY_URL).toBeUndefined();
  });

  test("a gateway channel is offered only with a gateway configured; the embedded one always", () => {
    const policy = testWalletPolicy({
      depositChannels: [
        { code: "demo-pay", kind: "embedded", min: 1, max: 100 },
        { code: "easypaisa", kind: "gateway", min: 1, max: 100 },
      ],
    });
    expect(offeredChannels(policy, false).map((channel) => channel.code)).toEqual(["demo-pay"]);
    expect(offeredChannels(policy, true).map((channel) => channel.code)).toEqual([
      "demo-pay",
      "easypaisa",
    ]);
  });
});
