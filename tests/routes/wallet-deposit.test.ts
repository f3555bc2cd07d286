import { http, HttpResponse } from "msw";
import { describe, expect, test, vi } from "vitest";
import { listMessages } from "~/platform/content/messages.server";
import { signBody } from "~/platform/signed-messages.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { mainBalance } from "~/platform/wallet/balance.server";
import { createDeposit, findDeposit } from "~/platform/wallet/deposits.server";
import { verifyAge } from "../helpers/age";
import { useSeededDatabase } from "../helpers/database";
import { useMswServer } from "../helpers/msw";
import { formPost, jsonBody, routeArgs, signInMember, thrownResponse } from "../helpers/routes";
import { formKey, insertMember } from "../helpers/wallet";

// A configured HTTP gateway, before anything reads the config (imports are hoisted above plain code).
const GATEWAY = vi.hoisted(() => {
  const settings = { url: "https://pay.gateway.test/v2", key: "route-test-gateway-key-42" };
  process.env.PAYMENT_GATEWAY_URL = settings.url;
  process.env.PAYMENT_GATEWAY_KEY = settings.key;
  return settings;
});

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const server = useMswServer();

const depositRoute = () => import("~/routes/_portal+/member+/deposit");
const payRoute = () => import("~/routes/_portal+/member+/deposit_.pay.$depositId");
const callbackRoute = () => import("~/routes/resources+/payments.callback");

/** A fresh member of its own with a session cookie. */
async function member() {
  const id = await insertMember(handle.db);
  // The demo brand requires a verified birthday before the first deposit (issue 17).
  await verifyAge(handle.db, id);
  const { cookie } = await signInMember(handle.db, id);
  return { id, cookie };
}

const depositPost = (cookie: string, fields: Record<string, string>) =>
  formPost("/member/deposit", fields, { Cookie: cookie });

const payPost = (cookie: string, depositId: string, intent: string) => ({
  ...formPost(`/member/deposit/pay/${depositId}`, { intent }, { Cookie: cookie }),
  params: { depositId },
});

const payGet = (cookie: string, depositId: string) => ({
  ...routeArgs(`/member/deposit/pay/${depositId}`, { headers: { Cookie: cookie } }),
  params: { depositId },
});

/** Opens an embedded deposit through the form; returns its id (from the redirect to the pay step). */
async function openEmbeddedDeposit(cookie: string, amount = "250") {
  const { action } = await depositRoute();
  const response = (await action(
    depositPost(cookie, { channel: "demo-pay", amount, idempotencyKey: formKey() + formKey() }),
  )) as Response;
  expect(response.status).toBe(302);
  const match = /^\/member\/deposit\/pay\/(\d+)$/.exec(response.headers.get("Location") ?? "");
  expect(match).not.toBeNull();
  return match![1]!;
}

const balanceOf = (memberId: string) => mainBalance(handle.db, { id: memberId });

describe("/member/deposit", () => {
  test("the loader: a visitor goes to log in; a member sees both channels (gateway configured) and a fresh form key", async () => {
    const { loader } = await depositRoute();
    const visitor = await thrownResponse(loader(routeArgs("/member/deposit")));
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fmember%2Fdeposit");
    const { cookie } = await member();
    const data = await jsonBody(
      loader(routeArgs("/member/deposit", { headers: { Cookie: cookie } })),
    );
    expect(data.title).toBe("Deposit");
    expect(data.channels).toEqual([
      { code: "demo-pay", min: 10_000, max: 10_000_000 },
      { code: "easypaisa", min: 50_000, max: 5_000_000 },
    ]);
    expect(data.formKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(data.deposits).toEqual([]);
    expect(data.note).toBeNull();
  });

  test("an embedded deposit: the form redirects to the pay step; a replayed key lands on the same deposit", async () => {
    const { action } = await depositRoute();
    const { id, cookie } = await member();
    const key = formKey() + formKey();
    const first = (await action(
      depositPost(cookie, { channel: "demo-pay", amount: "1,250.50", idempotencyKey: key }),
    )) as Response;
    const again = (await action(
      depositPost(cookie, { channel: "demo-pay", amount: "1,250.50", idempotencyKey: key }),
    )) as Response;
    expect(first.headers.get("Location")).toMatch(/^\/member\/deposit\/pay\/\d+$/);
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    const depositId = first.headers.get("Location")!.split("/").pop()!;
    const deposit = await findDeposit(handle.db, depositId);
    expect(deposit).toMatchObject({
      member_id: id,
      channel: "demo-pay",
      amount: "125050",
      status: "pending",
    });
    // Nothing is credited before the payment.
    expect(await balanceOf(id)).toBe("0");
  });

  test("below the channel's minimum: a translated error on the amount, the typed amount kept", async () => {
    const { action } = await depositRoute();
    const { cookie } = await member();
    const response = (await action(
      depositPost(cookie, {
        channel: "demo-pay",
        amount: "99.99",
        idempotencyKey: formKey() + formKey(),
      }),
    )) as Response;
    expect(response.status).toBe(400);
    const { result } = await jsonBody(response);
    expect(result.error.amount).toEqual(["The amount must be between Rs 100.00 and Rs 100,000.00"]);
    expect(result.initialValue.amount).toBe("99.99");
  });

  test("validation: no channel, an unknown channel, a bad amount, a missing key", async () => {
    const { action } = await depositRoute();
    const { cookie } = await member();
    const key = formKey() + formKey();
    const none = await jsonBody(
      action(depositPost(cookie, { amount: "200", idempotencyKey: key })),
    );
    expect(none.result.error.channel).toEqual(["Please choose a payment channel"]);
    const unknown = await jsonBody(
      action(depositPost(cookie, { channel: "bitcoin", amount: "200", idempotencyKey: key })),
    );
    expect(unknown.result.error.channel).toEqual(["Please choose a payment channel"]);
    const bad = await jsonBody(
      action(depositPost(cookie, { channel: "demo-pay", amount: "12.345", idempotencyKey: key })),
    );
    expect(bad.result.error.amount).toEqual(["Please enter a valid amount (up to 2 decimals)"]);
    const noKey = await jsonBody(
      action(depositPost(cookie, { channel: "demo-pay", amount: "200" })),
    );
    expect(noKey.result.error.idempotencyKey).toEqual([
      "This form has expired. Please reload the page and try again.",
    ]);
  });

  test("the action re-checks: a visitor's post goes to log in, another site's post is a 403", async () => {
    const { action } = await depositRoute();
    const fields = { channel: "demo-pay", amount: "200", idempotencyKey: formKey() + formKey() };
    const visitor = await thrownResponse(action(formPost("/member/deposit", fields)));
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const { cookie } = await member();
    const cross = await thrownResponse(
      action(
        formPost("/member/deposit", fields, { Cookie: cookie, Origin: "https://evil.example" }),
      ),
    );
    expect(cross.status).toBe(403);
  });

  test("records are the member's own, paged, with a note only for the member's own deposit", async () => {
    const { loader } = await depositRoute();
    const alice = await member();
    const bob = await member();
    const policy = (await getBrandConfig(handle.db)).wallet;
    for (let index = 0; index < 12; index++) {
      await createDeposit(
        handle.db,
        { memberId: alice.id, channel: "demo-pay", amount: BigInt(10_000 + index), key: formKey() },
        policy,
      );
    }
    const bobs = await createDeposit(
      handle.db,
      { memberId: bob.id, channel: "demo-pay", amount: 20_000n, key: formKey() },
      policy,
    );
    const first = await jsonBody(
      loader(routeArgs("/member/deposit", { headers: { Cookie: alice.cookie } })),
    );
    expect(first.deposits).toHaveLength(10);
    expect(first.totalPages).toBe(2);
    expect(first.deposits[0]).toMatchObject({
      amount: "10011",
      status: "pending",
      channel: "demo-pay",
    });
    const second = await jsonBody(
      loader(routeArgs("/member/deposit?page=2", { headers: { Cookie: alice.cookie } })),
    );
    expect(second.deposits.map((row: { amount: string }) => row.amount)).toEqual([
      "10001",
      "10000",
    ]);
    const past = await jsonBody(
      loader(routeArgs("/member/deposit?page=99", { headers: { Cookie: alice.cookie } })),
    );
    expect(past.page).toBe(2);
    // Bob's deposit id in Alice's URL shows nothing.
    const other = await jsonBody(
      loader(
        routeArgs(`/member/deposit?arrived=${bobs.id}`, { headers: { Cookie: alice.cookie } }),
      ),
    );
    expect(other.note).toBeNull();
    // The note tells the real status, whatever the parameter claims.
    const own = await jsonBody(
      loader(routeArgs(`/member/deposit?arrived=${bobs.id}`, { headers: { Cookie: bob.cookie } })),
    );
    expect(own.note).toEqual({ status: "pending", amount: "20000" });
  });
});

describe("/member/deposit/pay/$depositId", () => {
  test("confirm credits MAIN once however often it is posted, and tells the member", async () => {
    const { action, loader } = await payRoute();
    const { id, cookie } = await member();
    const depositId = await openEmbeddedDeposit(cookie, "250");
    const page = await jsonBody(loader(payGet(cookie, depositId)));
    expect(page.deposit).toEqual({ id: depositId, channel: "demo-pay", amount: "25000" });

    const [one, two] = (await Promise.all([
      action(payPost(cookie, depositId, "confirm")),
      action(payPost(cookie, depositId, "confirm")),
    ])) as Response[];
    const three = (await action(payPost(cookie, depositId, "confirm"))) as Response;
    for (const response of [one!, two!, three])
      expect(response.headers.get("Location")).toBe(`/member/deposit?arrived=${depositId}`);
    expect(await balanceOf(id)).toBe("25000");
    const messages = await listMessages(handle.db, id, { page: 1, pageSize: 10 });
    expect(JSON.stringify(messages)).toContain("deposit_arrived");
    expect(JSON.stringify(messages).match(/deposit_arrived/g)).toHaveLength(1);

    // Confirmed: the pay step sends the member to the note; cancelling now changes nothing.
    const settled = await thrownResponse(loader(payGet(cookie, depositId)));
    expect(settled.headers.get("Location")).toBe(`/member/deposit?arrived=${depositId}`);
    const cancel = (await action(payPost(cookie, depositId, "cancel"))) as Response;
    expect(cancel.headers.get("Location")).toBe(`/member/deposit?arrived=${depositId}`);
    expect(await balanceOf(id)).toBe("25000");
  });

  test("cancel closes the deposit with nothing credited; a later confirm credits nothing", async () => {
    const { action } = await payRoute();
    const { id, cookie } = await member();
    const depositId = await openEmbeddedDeposit(cookie);
    const cancelled = (await action(payPost(cookie, depositId, "cancel"))) as Response;
    expect(cancelled.headers.get("Location")).toBe(`/member/deposit?cancelled=${depositId}`);
    expect((await findDeposit(handle.db, depositId))?.status).toBe("cancelled");
    const confirm = (await action(payPost(cookie, depositId, "confirm"))) as Response;
    expect(confirm.headers.get("Location")).toBe(`/member/deposit?cancelled=${depositId}`);
    expect(await balanceOf(id)).toBe("0");
  });

  test("another member's deposit, a gateway deposit, and a junk id are 404s; nothing changes", async () => {
    const { action, loader } = await payRoute();
    const owner = await member();
    const intruder = await member();
    const depositId = await openEmbeddedDeposit(owner.cookie);
    for (const id of [depositId, "999999", "abc"]) {
      expect((await thrownResponse(loader(payGet(intruder.cookie, id)))).status).toBe(404);
      expect((await thrownResponse(action(payPost(intruder.cookie, id, "confirm")))).status).toBe(
        404,
      );
    }
    expect((await findDeposit(handle.db, depositId))?.status).toBe("pending");
    expect(await balanceOf(intruder.id)).toBe("0");
    expect(await balanceOf(owner.id)).toBe("0");
    // A gateway deposit is credited only by the gateway's callback, never by the member's own click.
    const policy = (await getBrandConfig(handle.db)).wallet;
    const gatewayDeposit = await createDeposit(
      handle.db,
      { memberId: owner.id, channel: "easypaisa", amount: 60_000n, key: formKey() },
      policy,
    );
    expect(
      (await thrownResponse(action(payPost(owner.cookie, gatewayDeposit.id, "confirm")))).status,
    ).toBe(404);
    expect(await balanceOf(owner.id)).toBe("0");
  });
});

/** The gateway's order endpoint; answers each order with a fresh reference. */
function gatewayOrders(respond?: () => Response) {
  const orders: Array<{ depositId: string; amount: string; notifyUrl: string; returnUrl: string }> =
    [];
  server.use(
    http.post(`${GATEWAY.url}/orders`, async ({ request }) => {
      const body = await request.json();
      orders.push(body as (typeof orders)[number]);
      if (respond) return respond();
      return HttpResponse.json({
        gatewayRef: `GW-${orders.at(-1)!.depositId}`,
        payUrl: `https://pay.gateway.test/p/${orders.at(-1)!.depositId}`,
      });
    }),
  );
  return orders;
}

/** Opens a gateway deposit through the form (the gateway mocked); returns it with the ref the gateway gave. */
async function openGatewayDeposit(cookie: string, amount = "600") {
  const orders = gatewayOrders();
  const { action } = await depositRoute();
  const response = (await action(
    depositPost(cookie, { channel: "easypaisa", amount, idempotencyKey: formKey() + formKey() }),
  )) as Response;
  const depositId = orders.at(-1)!.depositId;
  return { depositId, gatewayRef: `GW-${depositId}`, response, orders };
}

const callbackPost = (
  body: unknown,
  options: { key?: string; signature?: string; raw?: string } = {},
) => {
  const raw = options.raw ?? JSON.stringify(body);
  const signature = options.signature ?? signBody(raw, options.key ?? GATEWAY.key);
  return routeArgs("/resources/payments/callback", {
    method: "POST",
    body: raw,
    // From the gateway's own origin: the member forms' same-origin check must not apply here.
    headers: {
      "Content-Type": "application/json",
      "X-Signature": signature,
      Origin: "https://pay.gateway.test",
    },
  });
};

const now = () => Math.floor(Date.now() / 1000);

describe("gateway deposits", () => {
  test("the form opens an order at the gateway and sends the member to pay there; a replayed key reuses it", async () => {
    const { id, cookie } = await member();
    const { depositId, response, orders } = await openGatewayDeposit(cookie, "600");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`https://pay.gateway.test/p/${depositId}`);
    expect(orders[0]).toMatchObject({
      depositId,
      amount: "60000",
      currency: "PKR",
      // On PUBLIC_URL (its default outside production), not the request's origin.
      notifyUrl: "http://localhost:3000/resources/payments/callback",
      returnUrl: `http://localhost:3000/member/deposit?returned=${depositId}`,
    });
    expect(await findDeposit(handle.db, depositId)).toMatchObject({
      member_id: id,
      gateway_ref: `GW-${depositId}`,
      status: "pending",
    });

    // The same form posted again: the same page, no second order.
    const key = formKey() + formKey();
    const { action } = await depositRoute();
    const first = (await action(
      depositPost(cookie, { channel: "easypaisa", amount: "700", idempotencyKey: key }),
    )) as Response;
    const count = orders.length;
    const replay = (await action(
      depositPost(cookie, { channel: "easypaisa", amount: "700", idempotencyKey: key }),
    )) as Response;
    expect(replay.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(orders).toHaveLength(count);
  });

  test("a gateway that does not answer: a translated form error, and the deposit is not left pending", async () => {
    const orders = gatewayOrders(() => HttpResponse.json({ error: "down" }, { status: 503 }));
    const { cookie } = await member();
    const { action } = await depositRoute();
    const response = (await action(
      depositPost(cookie, {
        channel: "easypaisa",
        amount: "600",
        idempotencyKey: formKey() + formKey(),
      }),
    )) as Response;
    expect(response.status).toBe(400);
    const { result } = await jsonBody(response);
    expect(result.error[""]).toEqual([
      "The payment service is not reachable right now. Please try again.",
    ]);
    expect(result.initialValue.amount).toBe("600");
    expect(orders).toHaveLength(2);
    expect((await findDeposit(handle.db, orders[0]!.depositId))?.status).toBe("cancelled");
  });

  test("a valid success callback credits once even when replayed 3 times", async () => {
    const { callbackAction, id, depositId, gatewayRef } = await openedGatewayDeposit();
    const body = { gatewayRef, status: "success", amount: "60000", timestamp: now() };
    const responses = [] as Response[];
    for (let attempt = 0; attempt < 4; attempt++)
      responses.push((await callbackAction(callbackPost(body))) as Response);
    for (const response of responses) expect(response.status).toBe(200);
    expect(await jsonBody(responses[0])).toEqual({ ok: true, status: "confirmed", changed: true });
    expect(await jsonBody(responses[3])).toEqual({ ok: true, status: "confirmed", changed: false });
    expect(await balanceOf(id)).toBe("60000");
    expect((await findDeposit(handle.db, depositId))?.status).toBe("confirmed");
    const messages = JSON.stringify(await listMessages(handle.db, id, { page: 1, pageSize: 10 }));
    expect(messages.match(/deposit_arrived/g)).toHaveLength(1);
  });

  test("a bad, missing or stale signature is a 401 and changes nothing", async () => {
    const { callbackAction, id, depositId, gatewayRef } = await openedGatewayDeposit();
    const body = { gatewayRef, status: "success", amount: "60000", timestamp: now() };
    const raw = JSON.stringify(body);
    const attempts = [
      callbackPost(body, { key: "not-the-gateway-key-000" }),
      callbackPost(body, { signature: "" }),
      callbackPost(body, {
        raw: raw.replace("60000", "99999"),
        signature: signBody(raw, GATEWAY.key),
      }),
      callbackPost({ ...body, timestamp: now() - 6 * 60 }),
    ];
    for (const args of attempts) {
      const response = (await callbackAction(args)) as Response;
      expect(response.status).toBe(401);
    }
    expect(await balanceOf(id)).toBe("0");
    expect((await findDeposit(handle.db, depositId))?.status).toBe("pending");
  });

  test("an unknown reference is a 404", async () => {
    const { action } = await callbackRoute();
    const response = (await action(
      callbackPost({ gatewayRef: "GW-none", status: "success", amount: "1", timestamp: now() }),
    )) as Response;
    expect(response.status).toBe(404);
  });

  test("a failed status marks the deposit failed and tells the member; nothing is credited", async () => {
    const { callbackAction, id, depositId, gatewayRef } = await openedGatewayDeposit();
    const response = (await callbackAction(
      callbackPost({ gatewayRef, status: "failed", amount: "60000", timestamp: now() }),
    )) as Response;
    expect(response.status).toBe(200);
    expect((await findDeposit(handle.db, depositId))?.status).toBe("failed");
    expect(await balanceOf(id)).toBe("0");
    const messages = JSON.stringify(await listMessages(handle.db, id, { page: 1, pageSize: 10 }));
    expect(messages).toContain("deposit_failed");
    // A success after the failure changes nothing (409 so the gateway escalates it).
    const late = (await callbackAction(
      callbackPost({ gatewayRef, status: "success", amount: "60000", timestamp: now() }),
    )) as Response;
    expect(late.status).toBe(409);
    expect(await balanceOf(id)).toBe("0");
  });

  test("a success for another amount does not credit: the deposit fails with the reason recorded", async () => {
    const { callbackAction, id, depositId, gatewayRef } = await openedGatewayDeposit();
    const response = (await callbackAction(
      callbackPost({ gatewayRef, status: "success", amount: "6000000", timestamp: now() }),
    )) as Response;
    expect(response.status).toBe(200);
    expect(await jsonBody(response)).toEqual({
      ok: true,
      status: "failed",
      reason: "amount_mismatch",
    });
    expect(await balanceOf(id)).toBe("0");
    const deposit = await findDeposit(handle.db, depositId);
    expect(deposit?.status).toBe("failed");
    expect(deposit?.failure_reason).toMatch(/^amount_mismatch/);
  });

  test("the member's return from the gateway shows the deposit's real status", async () => {
    const { callbackAction, cookie, depositId, gatewayRef } = await openedGatewayDeposit();
    const { loader } = await depositRoute();
    const before = await jsonBody(
      loader(routeArgs(`/member/deposit?returned=${depositId}`, { headers: { Cookie: cookie } })),
    );
    expect(before.note).toEqual({ status: "pending", amount: "60000" });
    await callbackAction(
      callbackPost({ gatewayRef, status: "success", amount: "60000", timestamp: now() }),
    );
    const after = await jsonBody(
      loader(routeArgs(`/member/deposit?returned=${depositId}`, { headers: { Cookie: cookie } })),
    );
    expect(after.note).toEqual({ status: "confirmed", amount: "60000" });
  });
});

async function openedGatewayDeposit() {
  const { id, cookie } = await member();
  const opened = await openGatewayDeposit(cookie, "600");
  const { action } = await callbackRoute();
  return { id, cookie, ...opened, callbackAction: action };
}
