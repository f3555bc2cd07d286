import { createRemixStub } from "@remix-run/testing";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import type { ContractKind } from "~/platform/db/schema";
import { I18nProvider, LabelSourceProvider, type LabelSource } from "~/utils/i18n";
import en from "../../locales/en/common.json";
import { insertAgent, insertHouseContract } from "../helpers/agency";
import { useSeededDatabase } from "../helpers/database";
import {
  formPost,
  jsonBody,
  quietServerRenderWarnings,
  routeArgs,
  signInMember,
} from "../helpers/routes";

// The routes' database is this test database.
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const dailyRoute = () => import("~/routes/agentHome+/daily-wages");
const dailyCsvRoute = () => import("~/routes/agentHome+/daily-wages[.csv]");
const dividendRoute = () => import("~/routes/agentHome+/dividends");
const realtimeRoute = () => import("~/routes/agentHome+/realtime-salary");
const PAGE = "/agentHome/daily-wages";

/**
 * Two separate trees: agent A (house DAILY contract at 2.00 %) with a direct
 * sub-agent S (own rate 1.80 %) and S's own sub-agent D; agent B (the same
 * house contract) with its sub-agent BS.
 */
async function trees() {
  const a = await insertAgent(handle.db);
  await insertHouseContract(handle.db, {
    memberId: a,
    kind: "DAILY",
    terms: { rate: 200, minValidBet: 0 },
  });
  const s = await insertAgent(handle.db, { parentId: a, agentRate: 180 });
  const d = await insertAgent(handle.db, { parentId: s });
  const b = await insertAgent(handle.db);
  await insertHouseContract(handle.db, {
    memberId: b,
    kind: "DAILY",
    terms: { rate: 200, minValidBet: 0 },
  });
  const bs = await insertAgent(handle.db, { parentId: b });
  const cookie = async (id: string) => (await signInMember(handle.db, id, "agent")).cookie;
  return {
    a,
    s,
    d,
    b,
    bs,
    cookieA: await cookie(a),
    cookieS: await cookie(s),
    cookieB: await cookie(b),
    cookieBS: await cookie(bs),
  };
}

const get = (url: string, cookie: string) => routeArgs(url, { headers: { Cookie: cookie } });
const post = (cookie: string, fields: Record<string, string>, url = PAGE) =>
  formPost(url, fields, { Cookie: cookie });

/** What the loader or action answered, returned or thrown. */
async function answer(result: Promise<unknown> | unknown): Promise<Response> {
  try {
    return (await result) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

async function act(cookie: string, fields: Record<string, string>) {
  const { action } = await dailyRoute();
  return answer(action(post(cookie, fields)));
}

const offerFields = (downlineId: string, rate: string, extra: Record<string, string> = {}) => ({
  intent: "offer",
  downlineId,
  rate,
  minValidBet: "100",
  ...extra,
});

async function contract(id: string) {
  return handle.db
    .selectFrom("contracts")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

async function openOffer(downlineId: string) {
  return handle.db
    .selectFrom("contracts")
    .selectAll()
    .where("downline_id", "=", downlineId)
    .where("kind", "=", "DAILY")
    .where("status", "=", "offered")
    .executeTakeFirstOrThrow();
}

describe("/agentHome/daily-wages loader", () => {
  test("the upline sees its own house contract, the rates it may grant and its direct downline agents only", async () => {
    const { s, cookieA } = await trees();
    const { loader } = await dailyRoute();
    const data = await jsonBody(loader(get(PAGE, cookieA)));
    expect(data.title).toBe("Daily wages");
    expect(data.kind).toBe("DAILY");
    expect(data.held).toMatchObject({
      kind: "DAILY",
      uplineAccount: null,
      terms: { rate: 200, minValidBet: 0 },
      status: "active",
    });
    expect(data.offer).toBeNull();
    expect(data.grantable).toEqual([200]);
    expect(data.candidates.map((candidate: { id: string }) => candidate.id)).toEqual([s]);
    expect(data.filter).toEqual({ scope: "mine", account: "" });
    expect(data.confirmTerminate).toBe(false);
    expect(
      (await jsonBody(loader(get(`${PAGE}?confirm=terminate&done=offered`, cookieA))))
        .confirmTerminate,
    ).toBe(true);
    expect((await jsonBody(loader(get(`${PAGE}?done=offered`, cookieA)))).done).toBe("offered");
  });

  test("a page whose menu item is hidden (no contract, no offer of the kind) is a 404, for its CSV too", async () => {
    const { cookieS } = await trees();
    const { loader } = await dailyRoute();
    expect((await answer(loader(get(PAGE, cookieS)))).status).toBe(404);
    const { loader: csv } = await dailyCsvRoute();
    expect((await answer(csv(get(`${PAGE}.csv`, cookieS)))).status).toBe(404);
    const { loader: dividends } = await dividendRoute();
    const { cookieA } = await trees();
    expect((await answer(dividends(get("/agentHome/dividends", cookieA)))).status).toBe(404);
  });

  test("a visitor goes to /agent", async () => {
    const { loader } = await dailyRoute();
    const response = await answer(loader(routeArgs(PAGE)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/agent/);
  });
});

describe("/agentHome/daily-wages actions", () => {
  test("offer → the downline sees the request → accept → it is its contract, and active in the upline's granted list", async () => {
    const { s, cookieA, cookieS } = await trees();
    const offered = await act(cookieA, offerFields(s, "1.50", { minValidBet: "1,000.50" }));
    expect(offered.status).toBe(302);
    expect(offered.headers.get("Location")).toBe(`${PAGE}?done=offered`);
    const offer = await openOffer(s);
    expect(offer).toMatchObject({ upline_id: expect.any(String), period: null });
    expect(offer.terms).toEqual({ rate: 150, minValidBet: 100_050 });

    const { loader } = await dailyRoute();
    const downlinePage = await jsonBody(loader(get(PAGE, cookieS)));
    expect(downlinePage.offer).toMatchObject({ id: offer.id, status: "offered" });
    expect(downlinePage.grantable).toBeNull();

    const accepted = await act(cookieS, { intent: "accept", contractId: offer.id });
    expect(accepted.headers.get("Location")).toBe(`${PAGE}?done=accepted`);
    expect((await contract(offer.id)).status).toBe("active");
    const after = await jsonBody(loader(get(PAGE, cookieS)));
    expect(after.held).toMatchObject({ id: offer.id, terms: { rate: 150 } });
    expect(after.offer).toBeNull();
    const upline = await jsonBody(loader(get(PAGE, cookieA)));
    expect(
      upline.granted.map((row: { id: string; status: string }) => [row.id, row.status]),
    ).toEqual([[offer.id, "active"]]);
  });

  test("reject, withdraw and terminate each do their part; terminating the only contract leaves the hidden page for the centre", async () => {
    const { s, cookieA, cookieS } = await trees();
    await act(cookieA, offerFields(s, "1"));
    const rejected = await act(cookieS, { intent: "reject", contractId: (await openOffer(s)).id });
    expect(rejected.status).toBe(302);
    // Nothing of the kind is left for S, so its page is hidden: back to the centre.
    expect(rejected.headers.get("Location")).toBe("/agentHome");

    await act(cookieA, offerFields(s, "1"));
    const withdrawnId = (await openOffer(s)).id;
    const withdrawn = await act(cookieA, { intent: "withdraw", contractId: withdrawnId });
    expect(withdrawn.headers.get("Location")).toBe(`${PAGE}?done=withdrawn`);
    expect((await contract(withdrawnId)).status).toBe("withdrawn");

    await act(cookieA, offerFields(s, "1"));
    const activeId = (await openOffer(s)).id;
    await act(cookieS, { intent: "accept", contractId: activeId });
    const terminated = await act(cookieS, { intent: "terminate", contractId: activeId });
    expect(terminated.headers.get("Location")).toBe("/agentHome");
    expect(await contract(activeId)).toMatchObject({ status: "terminated", ended_by: "downline" });
    // The upline terminating nothing of its own: it holds the house contract, still there.
    const mine = await act(cookieA, { intent: "withdraw", contractId: activeId });
    expect(mine.status).toBe(400);
  });

  test("bad input is a 400 with translated errors next to the fields and the input kept", async () => {
    const { s, cookieA } = await trees();
    const response = await act(cookieA, {
      intent: "offer",
      downlineId: s,
      rate: "1.234",
      minValidBet: "12.345",
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.intent).toBe("offer");
    expect(body.result.error.rate).toEqual([
      "Enter a rate in percent from 0 to 100, with up to 2 decimals.",
    ]);
    expect(body.result.error.minValidBet).toEqual(["Enter an amount such as 1000 or 1000.50."]);
    expect(body.result.initialValue).toMatchObject({
      downlineId: s,
      rate: "1.234",
      minValidBet: "12.345",
    });
    const missing = await (await act(cookieA, { intent: "offer" })).json();
    expect(missing.result.error.downlineId).toEqual(["Choose a downline agent."]);
    expect(missing.result.error.rate).toEqual(["Enter a rate."]);
    expect((await act(cookieA, { intent: "steal", contractId: "1" })).status).toBe(400);
    expect(
      await handle.db.selectFrom("contracts").select("id").where("downline_id", "=", s).execute(),
    ).toEqual([]);
  });

  test("a rate above the agent's own, or above the downline's own rate, is a translated error on the form", async () => {
    const { s, cookieA } = await trees();
    const above = await act(cookieA, offerFields(s, "2.01"));
    expect(above.status).toBe(400);
    const body = await above.json();
    expect(body.result.error[""]).toEqual(["The rate is above your own (2.00 %)."]);
    expect(body.result.initialValue.rate).toBe("2.01");
    const overAgent = await (await act(cookieA, offerFields(s, "1.90"))).json();
    expect(overAgent.result.error[""]).toEqual([
      "The rate is above this agent's own rate (1.80 %).",
    ]);
  });

  test("a lower rate asks for confirmation (same values re-posted with confirmReplace=1), which terminates the current contract", async () => {
    const { s, cookieA, cookieS } = await trees();
    await act(cookieA, offerFields(s, "1.50"));
    const currentId = (await openOffer(s)).id;
    await act(cookieS, { intent: "accept", contractId: currentId });

    const asked = await act(cookieA, offerFields(s, "1.25", { minValidBet: "50" }));
    expect(asked.status).toBe(409);
    const body = await asked.json();
    const account = (
      await handle.db
        .selectFrom("members")
        .select("account")
        .where("id", "=", s)
        .executeTakeFirstOrThrow()
    ).account;
    expect(body.confirm.message).toBe(
      `This rate is lower than ${account}'s current contract (1.50 %). Offering it terminates that contract now. Confirm?`,
    );
    expect(body.confirm.fields).toEqual({ downlineId: s, minValidBet: "50", rate: "1.25" });
    expect((await contract(currentId)).status).toBe("active");

    const confirmed = await act(cookieA, {
      intent: "offer",
      confirmReplace: "1",
      ...body.confirm.fields,
    });
    expect(confirmed.headers.get("Location")).toBe(`${PAGE}?done=offered`);
    expect(await contract(currentId)).toMatchObject({ status: "terminated", ended_by: "replaced" });
    expect((await openOffer(s)).terms).toEqual({ rate: 125, minValidBet: 5000 });
  });

  test("an accept refused because the upline's own rate dropped meanwhile says so", async () => {
    const { a, s, cookieA, cookieS } = await trees();
    await act(cookieA, offerFields(s, "1.50"));
    const offerId = (await openOffer(s)).id;
    await handle.db
      .updateTable("contracts")
      .set({ terms: JSON.stringify({ rate: 100, minValidBet: 0 }) })
      .where("downline_id", "=", a)
      .where("status", "=", "active")
      .execute();
    const refused = await act(cookieS, { intent: "accept", contractId: offerId });
    expect(refused.status).toBe(400);
    expect((await refused.json()).result.error[""]).toEqual([
      "Your upline's own rate is now lower than this offer (1.00 %), so it cannot be accepted.",
    ]);
  });

  test("scoping: another agent's contract id is a 404 for accept, reject, terminate and withdraw; so is a downline that is not a direct one", async () => {
    const { s, d, bs, cookieA, cookieS, cookieB, cookieBS } = await trees();
    await act(cookieA, offerFields(s, "1"));
    const offerId = (await openOffer(s)).id;
    // B's sub-agent holds an active contract too, so its page is open to it.
    await act(cookieB, offerFields(bs, "1"));
    const foreignId = (await openOffer(bs)).id;
    for (const intent of ["accept", "reject", "terminate"]) {
      expect((await act(cookieBS, { intent, contractId: offerId })).status).toBe(404);
      expect((await act(cookieS, { intent, contractId: foreignId })).status).toBe(404);
      expect((await act(cookieS, { intent, contractId: "999999999" })).status).toBe(404);
    }
    expect((await act(cookieB, { intent: "withdraw", contractId: offerId })).status).toBe(404);
    expect((await act(cookieA, { intent: "withdraw", contractId: foreignId })).status).toBe(404);
    expect((await act(cookieA, { intent: "withdraw", contractId: "abc" })).status).toBe(404);
    // Offers go to a direct downline agent of the session's agent only.
    expect((await act(cookieA, offerFields(bs, "1"))).status).toBe(404);
    expect((await act(cookieA, offerFields(d, "1"))).status).toBe(404);
    expect((await contract(offerId)).status).toBe("offered");
    expect((await contract(foreignId)).status).toBe("offered");
  });

  test("a cross-site post is refused", async () => {
    const { s, cookieA } = await trees();
    const { action } = await dailyRoute();
    const cross = await answer(
      action(
        formPost(PAGE, offerFields(s, "1"), { Cookie: cookieA, Origin: "https://evil.example" }),
      ),
    );
    expect(cross.status).toBe(403);
  });
});

describe("the other kinds' terms", () => {
  test("a dividend offer carries its period and thresholds; a real-time salary its two rates and the single bet amount", async () => {
    const { a, s, cookieA } = await trees();
    await insertHouseContract(handle.db, {
      memberId: a,
      kind: "DIVIDEND",
      period: "W",
      terms: { rate: 150, minValidBet: 0, minProfitLoss: 0, minActiveMembers: 0 },
    });
    await insertHouseContract(handle.db, {
      memberId: a,
      kind: "REALTIME",
      terms: { profitRate: 30, lossRate: 60, minSingleBet: 0 },
    });
    const dividends = await dividendRoute();
    const fields = {
      intent: "offer",
      downlineId: s,
      period: "M",
      minValidBet: "5000",
      minProfitLoss: "250.5",
      minActiveMembers: "3",
      rate: "1.5",
    };
    const noPeriod = await answer(
      dividends.action(post(cookieA, { ...fields, period: "Y" }, "/agentHome/dividends")),
    );
    expect(noPeriod.status).toBe(400);
    expect((await noPeriod.json()).result.error.period).toEqual(["Choose a period."]);
    const offered = await answer(dividends.action(post(cookieA, fields, "/agentHome/dividends")));
    expect(offered.headers.get("Location")).toBe("/agentHome/dividends?done=offered");
    const dividend = await handle.db
      .selectFrom("contracts")
      .selectAll()
      .where("downline_id", "=", s)
      .where("kind", "=", "DIVIDEND")
      .executeTakeFirstOrThrow();
    expect(dividend).toMatchObject({ period: "M", status: "offered" });
    expect(dividend.terms).toEqual({
      rate: 150,
      minValidBet: 500_000,
      minProfitLoss: 25_050,
      minActiveMembers: 3,
    });

    const realtime = await realtimeRoute();
    const above = await answer(
      realtime.action(
        post(
          cookieA,
          { intent: "offer", downlineId: s, profitRate: "0.3", lossRate: "0.61" },
          "/agentHome/realtime-salary",
        ),
      ),
    );
    expect((await above.json()).result.error[""]).toEqual([
      "The rate is above your own (0.30 % / 0.60 %).",
    ]);
    const ok = await answer(
      realtime.action(
        post(
          cookieA,
          {
            intent: "offer",
            downlineId: s,
            profitRate: "0.3",
            lossRate: "0.6",
            minSingleBet: "10",
          },
          "/agentHome/realtime-salary",
        ),
      ),
    );
    expect(ok.status).toBe(302);
    const salary = await handle.db
      .selectFrom("contracts")
      .selectAll()
      .where("downline_id", "=", s)
      .where("kind", "=", "REALTIME")
      .executeTakeFirstOrThrow();
    expect(salary.terms).toEqual({ profitRate: 30, lossRate: 60, minSingleBet: 1000 });
  });
});

describe("/agentHome/daily-wages settlement records and CSV", () => {
  async function settle(memberId: string, kind: ContractKind, amount: bigint, start: Date) {
    const contract = await handle.db
      .selectFrom("contracts")
      .select("id")
      .where("downline_id", "=", memberId)
      .where("kind", "=", kind)
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto("settlements")
      .values({
        contract_id: contract.id,
        member_id: memberId,
        kind,
        period_start: start,
        window_start: start,
        window_end: new Date(start.getTime() + 86_400_000),
        valid_bet: amount * 100n,
        profit_loss: -amount,
        active_members: 1,
        base: amount * 100n,
        amount,
      })
      .execute();
  }

  test("mine and team scopes on the page and in the CSV; another tree's settlements never show", async () => {
    const { a, s, bs, cookieA, cookieB } = await trees();
    await act(cookieA, offerFields(s, "1"));
    await act(cookieB, offerFields(bs, "1"));
    for (const [id, contractId] of [[s, (await openOffer(s)).id]] as const) {
      await handle.db
        .updateTable("contracts")
        .set({ status: "active", decided_at: new Date() })
        .where("id", "=", contractId)
        .where("downline_id", "=", id)
        .execute();
    }
    await handle.db
      .updateTable("contracts")
      .set({ status: "active", decided_at: new Date() })
      .where("downline_id", "=", bs)
      .where("status", "=", "offered")
      .execute();
    const yesterday = new Date(Date.now() - 86_400_000);
    await settle(a, "DAILY", 111n, yesterday);
    await settle(s, "DAILY", 222n, yesterday);
    await settle(bs, "DAILY", 444n, yesterday);

    const { loader } = await dailyRoute();
    const mine = await jsonBody(loader(get(PAGE, cookieA)));
    expect(mine.records.totals.amount).toBe("111");
    const team = await jsonBody(loader(get(`${PAGE}?scope=team`, cookieA)));
    expect(team.records.rows.map((row: { amount: string }) => row.amount)).toEqual(["222"]);
    expect(team.records.totals).toMatchObject({ validBet: "22200", base: "22200", amount: "222" });

    const { loader: csv } = await dailyCsvRoute();
    const response = await answer(csv(get(`${PAGE}.csv?scope=team`, cookieA)));
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    const text = await response.text();
    const lines = text.trim().split("\r\n");
    expect(lines[0]?.replace(/^\uFEFF/, "")).toBe(
      '"Period start","Period end","Account","Valid bet","Profit/loss","Active members","Base","Amount","Paid"',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"222.00","-2.22","1","222.00","2.22"');
    const mineCsv = await (await answer(csv(get(`${PAGE}.csv`, cookieA)))).text();
    expect(mineCsv).toContain('"1.11"');
    expect(mineCsv).not.toContain('"2.22"');
    expect(mineCsv).not.toContain('"4.44"');
  });
});

describe("/agentHome/daily-wages page", () => {
  quietServerRenderWarnings();
  const source: LabelSource = { initialLocale: "en", get: () => en, load: async () => en };

  async function render(cookie: string, url: string, actionData?: unknown) {
    const module = await dailyRoute();
    const loaderData = await jsonBody(module.loader(get(url, cookie)));
    const Stub = createRemixStub([
      { id: "page", path: PAGE, Component: module.default, action: () => null },
    ]);
    return renderToString(
      createElement(
        LabelSourceProvider,
        { value: source },
        createElement(
          I18nProvider,
          null,
          createElement(Stub, {
            initialEntries: [url],
            hydrationData: {
              loaderData: { page: loaderData },
              actionData: actionData ? { page: actionData } : undefined,
            },
          }),
        ),
      ),
    );
  }

  test("the upline's page: its contract from the house, the offer form with its max rate, the granted list, the records", async () => {
    const { s, cookieA } = await trees();
    await act(cookieA, offerFields(s, "1.5"));
    const html = await render(cookieA, PAGE);
    expect(html).toContain("<h1>Daily wages</h1>");
    expect(html).toContain("granted by the house");
    expect(html).toContain("Your own rate: 2.00 %. You may not grant more.");
    expect(html).toContain('name="downlineId"');
    expect(html).toContain('data-testid="granted-withdraw"');
    expect(html).toContain("Offered");
    expect(html).toContain('href="/agentHome/daily-wages?confirm=terminate"');
    expect(html).toContain('href="/agentHome/daily-wages.csv"');
    expect(html).not.toContain('data-testid="terminate-dialog"');
    expect(await render(cookieA, `${PAGE}?confirm=terminate`)).toContain(
      'data-testid="terminate-dialog"',
    );
  });

  test("the downline's page: the request with Accept and Reject; the lower-rate confirmation re-posts hidden fields", async () => {
    const { s, cookieA, cookieS } = await trees();
    await act(cookieA, offerFields(s, "1.5"));
    const html = await render(cookieS, PAGE);
    expect(html).toContain("New contract request");
    expect(html).toContain('data-testid="contract-accept"');
    expect(html).toContain('data-testid="contract-reject"');
    expect(html).not.toContain('data-testid="contract-offer"');
    const confirm = await render(cookieA, PAGE, {
      intent: "offer",
      result: { status: "error", initialValue: {}, error: {} },
      confirm: { message: "Lower?", fields: { downlineId: s, rate: "1.00", minValidBet: "" } },
    });
    expect(confirm).toContain('data-testid="lower-rate-dialog"');
    expect(confirm).toContain('name="confirmReplace" value="1"');
    expect(confirm).toContain(`name="downlineId" value="${s}"`);
  });
});
