import { delay, http, HttpResponse } from "msw";
import { describe, expect, test } from "vitest";
import { PlatformError } from "~/platform/errors";
import { httpMailSender } from "~/platform/identity/senders/http-mail.server";
import { httpSmsSender } from "~/platform/identity/senders/http-sms.server";
import type { MailMessage, SmsMessage } from "~/platform/identity/senders/ports";
import { useMswServer } from "../helpers/msw";

const SMS_URL = "https://sms.gateway.test/v1/messages";
const MAIL_URL = "https://mail.api.test/v1/send";
const SECRET = "Your code is 482913";

const server = useMswServer();

interface Seen {
  body: unknown;
  authorization: string | null;
  idempotencyKey: string | null;
  contentType: string | null;
}

/** Installs a handler on `url` answering with `responses[i]` for the i-th call (last one repeats). */
function gateway(url: string, responses: Array<() => Response | Promise<Response>>): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.post(url, async ({ request }) => {
      seen.push({
        body: await request.json(),
        authorization: request.headers.get("authorization"),
        idempotencyKey: request.headers.get("idempotency-key"),
        contentType: request.headers.get("content-type"),
      });
      const respond = responses[Math.min(seen.length - 1, responses.length - 1)]!;
      return respond();
    }),
  );
  return seen;
}

const sms: SmsMessage = {
  dialingCode: "63",
  mobile: "9171234567",
  text: SECRET,
  purpose: "register",
};
const mail: MailMessage = {
  to: "ana@example.com",
  subject: "Verify",
  text: SECRET,
  purpose: "bind-email",
};

function smsSender(timeoutMs?: number) {
  return httpSmsSender({ url: SMS_URL, apiKey: "sms-key", timeoutMs });
}

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformError);
    return error as PlatformError;
  }
  throw new Error("expected the send to fail");
}

function expectNoSecret(error: PlatformError) {
  const dump = JSON.stringify({
    message: error.message,
    code: error.code,
    details: error.details,
    stack: error.stack,
  });
  expect(dump).not.toContain(SECRET);
  expect(dump).not.toContain("482913");
}

describe("http SMS sender", () => {
  test("posts the message as JSON with auth and an idempotency key", async () => {
    const seen = gateway(SMS_URL, [() => HttpResponse.json({ id: "m1" }, { status: 202 })]);
    const sender = smsSender();
    expect(sender.kind).toBe("http");
    await sender.send(sms);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toEqual({ to: "+639171234567", text: SECRET, purpose: "register" });
    expect(seen[0]!.authorization).toBe("Bearer sms-key");
    expect(seen[0]!.contentType).toMatch(/^application\/json/);
    expect(seen[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("a leading + in the dialing code is not doubled", async () => {
    const seen = gateway(SMS_URL, [() => new HttpResponse(null, { status: 204 })]);
    await smsSender().send({ ...sms, dialingCode: "+63" });
    expect((seen[0]!.body as { to: string }).to).toBe("+639171234567");
  });

  test("each message gets its own idempotency key", async () => {
    const seen = gateway(SMS_URL, [() => HttpResponse.json({})]);
    const sender = smsSender();
    await sender.send(sms);
    await sender.send(sms);
    expect(seen).toHaveLength(2);
    expect(seen[0]!.idempotencyKey).not.toBe(seen[1]!.idempotencyKey);
  });

  test("500 then 200: retried once with the same idempotency key", async () => {
    const seen = gateway(SMS_URL, [
      () => HttpResponse.json({ error: "oops" }, { status: 500 }),
      () => HttpResponse.json({ id: "m1" }),
    ]);
    await smsSender().send(sms);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.idempotencyKey).toBe(seen[0]!.idempotencyKey);
    expect(seen[1]!.body).toEqual(seen[0]!.body);
  });

  test("503 twice: sms_send_failed after one retry", async () => {
    const seen = gateway(SMS_URL, [() => new HttpResponse("unavailable", { status: 503 })]);
    const error = await failure(smsSender().send(sms));
    expect(error.code).toBe("sms_send_failed");
    expect(error.details).toEqual({ status: 503 });
    expect(seen).toHaveLength(2);
    expectNoSecret(error);
  });

  test("400: not retried, fails", async () => {
    const seen = gateway(SMS_URL, [
      () => HttpResponse.json({ error: "bad_request", echo: SECRET }, { status: 400 }),
    ]);
    const error = await failure(smsSender().send(sms));
    expect(error.code).toBe("sms_send_failed");
    expect(error.details).toEqual({ status: 400 });
    expect(seen).toHaveLength(1);
    expectNoSecret(error);
  });

  test("422 invalid_number: invalid-phone-number, not retried", async () => {
    const seen = gateway(SMS_URL, [
      () => HttpResponse.json({ error: "invalid_number" }, { status: 422 }),
    ]);
    const error = await failure(smsSender().send(sms));
    expect(error.code).toBe("invalid-phone-number");
    expect(seen).toHaveLength(1);
    expectNoSecret(error);
  });

  test("422 with another error code is a plain send failure", async () => {
    gateway(SMS_URL, [() => HttpResponse.json({ error: "template_rejected" }, { status: 422 })]);
    const error = await failure(smsSender().send(sms));
    expect(error.code).toBe("sms_send_failed");
    expect(error.details).toEqual({ status: 422 });
  });

  test("429 with Retry-After: 1 is retried after the pause", async () => {
    const seen = gateway(SMS_URL, [
      () => new HttpResponse(null, { status: 429, headers: { "Retry-After": "1" } }),
      () => HttpResponse.json({ id: "m1" }),
    ]);
    const started = Date.now();
    await smsSender().send(sms);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.idempotencyKey).toBe(seen[0]!.idempotencyKey);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  test("429 asking for a long pause is not retried early", async () => {
    const seen = gateway(SMS_URL, [
      () => new HttpResponse(null, { status: 429, headers: { "Retry-After": "60" } }),
    ]);
    const error = await failure(smsSender().send(sms));
    expect(error.code).toBe("sms_send_failed");
    expect(error.details).toEqual({ status: 429 });
    expect(seen).toHaveLength(1);
  });

  test("timeout: a gateway slower than timeoutMs fails (after one retry)", async () => {
    const seen = gateway(SMS_URL, [
      async () => {
        await delay(500);
        return HttpResponse.json({ id: "late" });
      },
    ]);
    const started = Date.now();
    const error = await failure(smsSender(50).send(sms));
    expect(error.code).toBe("sms_send_failed");
    expect(error.details).toEqual({ status: null });
    expect(seen).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(1_000);
    expectNoSecret(error);
  });

  test("network error: retried, then sms_send_failed", async () => {
    const seen = gateway(SMS_URL, [() => HttpResponse.error()]);
    const error = await failure(smsSender().send(sms));
    expect(error.code).toBe("sms_send_failed");
    expect(error.details).toEqual({ status: null });
    expect(seen).toHaveLength(2);
    expectNoSecret(error);
  });

  test("uses an injected fetch", async () => {
    const calls: string[] = [];
    const sender = httpSmsSender({
      url: SMS_URL,
      apiKey: "k",
      fetch: async (input) => {
        calls.push(String(input));
        return new Response(null, { status: 200 });
      },
    });
    await sender.send(sms);
    expect(calls).toEqual([SMS_URL]);
  });
});

describe("http mail sender", () => {
  const sender = () =>
    httpMailSender({ url: MAIL_URL, apiKey: "mail-key", from: "no-reply@brand.test" });

  test("posts the mail as JSON with auth and an idempotency key", async () => {
    const seen = gateway(MAIL_URL, [() => HttpResponse.json({ id: "e1" })]);
    const mailer = sender();
    expect(mailer.kind).toBe("http");
    await mailer.send(mail);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toEqual({
      from: "no-reply@brand.test",
      to: "ana@example.com",
      subject: "Verify",
      text: SECRET,
      purpose: "bind-email",
    });
    expect(seen[0]!.authorization).toBe("Bearer mail-key");
    expect(seen[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("500 then 200: retried with the same idempotency key", async () => {
    const seen = gateway(MAIL_URL, [
      () => new HttpResponse(null, { status: 500 }),
      () => HttpResponse.json({}),
    ]);
    await sender().send(mail);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.idempotencyKey).toBe(seen[0]!.idempotencyKey);
  });

  test("persistent 502: mail_send_failed", async () => {
    const seen = gateway(MAIL_URL, [() => new HttpResponse(null, { status: 502 })]);
    const error = await failure(sender().send(mail));
    expect(error.code).toBe("mail_send_failed");
    expect(error.details).toEqual({ status: 502 });
    expect(seen).toHaveLength(2);
    expectNoSecret(error);
  });

  test("401: not retried, mail_send_failed", async () => {
    const seen = gateway(MAIL_URL, [
      () => HttpResponse.json({ error: "unauthorized" }, { status: 401 }),
    ]);
    const error = await failure(sender().send(mail));
    expect(error.code).toBe("mail_send_failed");
    expect(error.details).toEqual({ status: 401 });
    expect(seen).toHaveLength(1);
  });
});
