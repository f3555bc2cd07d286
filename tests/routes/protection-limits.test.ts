import { describe, expect, test } from "vitest";
import { verifyAge } from "../helpers/age";
import { useSeededDatabase } from "../helpers/database";
import { formPost, jsonBody, routeArgs, signInMember, thrownResponse } from "../helpers/routes";
import { insertMember } from "../helpers/wallet";

/**
 * Issue 17's limits page with real Requests: who may act, bad amounts, a
 * second raise in the cooling-off, an early confirmation, and the deposit
 * form's refusal with the amount still allowed. A refusal is a translated
 * field error and leaves the stored limit as it was.
 */

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const limitsRoute = () => import("~/routes/_portal+/member+/protection.limits");
const PATH = "/member/protection/limits";

async function member() {
  const id = await insertMember(handle.db);
  // The demo brand requires a verified birthday before the first deposit (issue 17).
  await verifyAge(handle.db, id);
  const { cookie } = await signInMember(handle.db, id);
  return { id, cookie };
}

const stored = (memberId: string) =>
  handle.db
    .selectFrom("protection_limits")
    .select(["kind", "period", "amount", "pending_amount"])
    .where("member_id", "=", memberId)
    .execute();

async function post(cookie: string | null, fields: Record<string, string>, headers = {}) {
  const { action } = await limitsRoute();
  return action(formPost(PATH, fields, { ...(cookie ? { Cookie: cookie } : {}), ...headers }));
}

const setDeposit = (cookie: string, amount: string) =>
  post(cookie, { intent: "set", kind: "deposit", period: "day", amount });

describe("limits actions", () => {
  test("a visitor is sent to log in; a cross-site post and a filled honeypot are refused; nothing is stored", async () => {
    const visitor = await thrownResponse(setDeposit("", "100"));
    expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(PATH)}`);
    const someone = await member();
    const crossSite = await thrownResponse(
      post(
        someone.cookie,
        { intent: "set", kind: "deposit", period: "day", amount: "100" },
        { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      ),
    );
    expect(crossSite.status).toBe(403);
    const bot = await thrownResponse(
      post(someone.cookie, {
        intent: "set",
        kind: "deposit",
        period: "day",
        amount: "100",
        name__confirm: "x",
      }),
    );
    expect(bot.status).toBe(400);
    expect(await stored(someone.id)).toEqual([]);
  });

  test("negative, zero, non-numeric, absurd and three-decimal amounts are translated field errors", async () => {
    const someone = await member();
    await setDeposit(someone.cookie, "100");
    for (const [amount, message] of [
      ["-5", /positive amount/],
      ["0", /more than zero/],
      ["abc", /positive amount/],
      ["99999999999", /at most/],
      ["10.555", /two decimals/],
      ["", /Enter an amount/],
    ] as const) {
      const response = (await setDeposit(someone.cookie, amount)) as Response;
      expect(response.status).toBe(400);
      expect((await jsonBody(response)).result.error.amount[0]).toMatch(message);
    }
    const forged = (await post(someone.cookie, {
      intent: "set",
      kind: "bonus",
      period: "year",
      amount: "5",
    })) as Response;
    expect(forged.status).toBe(400);
    expect(await stored(someone.id)).toMatchObject([{ amount: "10000", pending_amount: null }]);
  });

  test("set, lower at once, raise waits; a second raise and an early confirmation are refused", async () => {
    const someone = await member();
    const first = (await setDeposit(someone.cookie, "100")) as Response;
    expect(first.headers.get("Location")).toBe(`${PATH}?done=now`);
    const lowered = (await setDeposit(someone.cookie, "50.5")) as Response;
    expect(lowered.headers.get("Location")).toBe(`${PATH}?done=now`);
    const raised = (await setDeposit(someone.cookie, "200")) as Response;
    expect(raised.headers.get("Location")).toBe(`${PATH}?done=pending`);
    const again = (await setDeposit(someone.cookie, "300")) as Response;
    expect(again.status).toBe(400);
    expect((await jsonBody(again)).result.error.amount[0]).toMatch(/already waiting/);
    const early = (await post(someone.cookie, {
      intent: "confirm",
      kind: "deposit",
      period: "day",
    })) as Response;
    expect(early.status).toBe(400);
    expect((await jsonBody(early)).result.error[""][0]).toMatch(/cooling-off/);
    expect(await stored(someone.id)).toMatchObject([{ amount: "5050", pending_amount: "20000" }]);
    const { loader } = await limitsRoute();
    const view = await jsonBody(loader(routeArgs(PATH, { headers: { Cookie: someone.cookie } })));
    expect(view.limits[0]).toMatchObject({
      amount: "5050",
      pending: { amount: "20000", confirmable: false },
    });
  });

  test("removing a limit that is not there is a form error", async () => {
    const someone = await member();
    const response = (await post(someone.cookie, {
      intent: "remove",
      kind: "loss",
      period: "week",
    })) as Response;
    expect(response.status).toBe(400);
    expect((await jsonBody(response)).result.error[""][0]).toMatch(/no such limit/);
  });
});

describe("deposit form", () => {
  test("a deposit past the limit is a field error with the amount still allowed", async () => {
    const someone = await member();
    await setDeposit(someone.cookie, "150");
    const { action } = await import("~/routes/_portal+/member+/deposit");
    const response = (await action(
      formPost(
        "/member/deposit",
        { channel: "demo-pay", amount: "200", idempotencyKey: "k".repeat(24) },
        { Cookie: someone.cookie },
      ),
    )) as Response;
    expect(response.status).toBe(400);
    expect((await jsonBody(response)).result.error.amount[0]).toMatch(/at most .*150/);
  });
});
