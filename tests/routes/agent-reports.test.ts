import { beforeAll, describe, expect, test } from "vitest";
import { HOUSE, MAIN, postEntry } from "~/platform/wallet/ledger.server";
import { insertAgent, insertHouseContract, insertSettledBet } from "../helpers/agency";
import { useSeededDatabase } from "../helpers/database";
import { jsonBody, routeArgs, signInAs, signInMember, thrownResponse } from "../helpers/routes";
import { formKey, insertMember } from "../helpers/wallet";

// The routes' database is this test database.
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

/** Two agents with a member each; A's member has two bets, a deposit and a transfer up; A has a settlement. */
const tree = {} as {
  A: string;
  B: string;
  a1: string;
  a1Account: string;
  b1: string;
  b1Account: string;
  cookieA: string;
  cookieB: string;
};

const accountOf = async (id: string) =>
  (
    await handle.db
      .selectFrom("members")
      .select("account")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).account;

beforeAll(async () => {
  const db = handle.db;
  tree.A = await insertAgent(db);
  tree.B = await insertAgent(db);
  tree.a1 = await insertMember(db, { parentId: tree.A });
  tree.b1 = await insertMember(db, { parentId: tree.B });
  tree.a1Account = await accountOf(tree.a1);
  tree.b1Account = await accountOf(tree.b1);
  // A minute ago is inside the default window (the last 7 days ending today).
  const recently = new Date(Date.now() - 60_000);
  await insertSettledBet(db, tree.a1, { stake: 1000n, payout: 250n, at: recently });
  await insertSettledBet(db, tree.a1, {
    stake: 500n,
    payout: 0n,
    at: new Date(recently.getTime() - 1000),
  });
  await insertSettledBet(db, tree.b1, { stake: 9000n, payout: 0n, at: recently });
  // A spreadsheet formula smuggled in through a game name must come out inert.
  await db
    .insertInto("bets")
    .values({
      member_id: tree.a1,
      vassalage: "PG",
      round_id: `r-${formKey()}`,
      category: "RNG",
      game_code: "PG-0002",
      game_name: '=HYPERLINK("http://evil")',
      stake: 100n,
      valid_bet: 100n,
      payout: 0n,
      status: "open",
      placed_at: new Date(recently.getTime() - 2000),
    })
    .execute();
  const post = (
    kind: "deposit" | "transfer_upline",
    from: object,
    to: object,
    amount: bigint,
    memberId: string,
  ) =>
    postEntry(db, {
      key: `test:${formKey()}`,
      kind,
      memberId,
      at: recently,
      movements: [{ from, to, amount } as never],
    });
  await post(
    "deposit",
    { house: HOUSE.payments },
    { memberId: tree.a1, kind: MAIN },
    5000n,
    tree.a1,
  );
  await post(
    "transfer_upline",
    { memberId: tree.a1, kind: MAIN },
    { memberId: tree.A, kind: MAIN },
    300n,
    tree.a1,
  );
  await post(
    "deposit",
    { house: HOUSE.payments },
    { memberId: tree.b1, kind: MAIN },
    7000n,
    tree.b1,
  );
  const contract = await insertHouseContract(db, {
    memberId: tree.A,
    kind: "DAILY",
    terms: { rate: 100, minValidBet: 0 },
  });
  await db
    .insertInto("settlements")
    .values({
      contract_id: contract,
      member_id: tree.A,
      kind: "DAILY",
      period_start: recently,
      window_start: recently,
      window_end: recently,
      valid_bet: 0n,
      profit_loss: 0n,
      active_members: 0,
      base: 0n,
      amount: 120n,
      settled_at: recently,
    })
    .execute();
  tree.cookieA = (await signInMember(db, tree.A, "agent")).cookie;
  tree.cookieB = (await signInMember(db, tree.B, "agent")).cookie;
});

const pages = {
  "team-betting": () => import("~/routes/agentHome+/team-betting"),
  "loss-statements": () => import("~/routes/agentHome+/loss-statements"),
  income: () => import("~/routes/agentHome+/income"),
  transactions: () => import("~/routes/agentHome+/transactions"),
};
const csvs = {
  "team-betting": () => import("~/routes/agentHome+/team-betting[.csv]"),
  "loss-statements": () => import("~/routes/agentHome+/loss-statements[.csv]"),
  income: () => import("~/routes/agentHome+/income[.csv]"),
  transactions: () => import("~/routes/agentHome+/transactions[.csv]"),
};
type Report = keyof typeof pages;
const REPORTS = Object.keys(pages) as Report[];

const args = (report: Report, query: string, cookie: string, csv = false) =>
  routeArgs(`/agentHome/${report}${csv ? ".csv" : ""}${query}`, { headers: { Cookie: cookie } });
const page = async (report: Report, query = "", cookie = tree.cookieA) =>
  jsonBody((await pages[report]()).loader(args(report, query, cookie)));
const csv = async (report: Report, query = "", cookie = tree.cookieA) =>
  (await csvs[report]()).loader(args(report, query, cookie, true));

/** A CSV body's lines as cells (the BOM dropped, quotes undone). */
async function csvLines(response: Response): Promise<string[][]> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  // A UTF-8 byte order mark first, so spreadsheets read Urdu names.
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder("utf-8", { ignoreBOM: false })
    .decode(bytes)
    .trimEnd()
    .split("\r\n")
    .map((line) =>
      [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1]!.replace(/""/g, '"')),
    );
}

describe("agent report pages", () => {
  test("team betting: the agent's own team only, with totals; the account filter narrows (any case) and a foreign account matches nothing", async () => {
    const data = await page("team-betting");
    expect(data.title).toBe("Team betting");
    expect(data.records.total).toBe(3);
    expect(data.records.rows.map((row: { account: string }) => row.account)).toEqual([
      tree.a1Account,
      tree.a1Account,
      tree.a1Account,
    ]);
    expect(data.records.totals).toEqual({
      stake: "1600",
      validBet: "1600",
      payout: "250",
      winLoss: "-1250",
    });
    const narrowed = await page(
      "team-betting",
      `?account=${tree.a1Account.toUpperCase()}&status=settled`,
    );
    expect(narrowed.records.total).toBe(2);
    expect(narrowed.filter).toMatchObject({
      account: tree.a1Account.toUpperCase(),
      status: "settled",
    });
    expect((await page("team-betting", `?account=${tree.b1Account}`)).records.total).toBe(0);
    expect((await page("team-betting", "", tree.cookieB)).records.totals.stake).toBe("9000");
  });

  test("user loss, my income and account details show the agent's own figures", async () => {
    const loss = await page("loss-statements");
    expect(loss.records.rows).toEqual([
      expect.objectContaining({
        account: tree.a1Account,
        bets: 3,
        stake: "1600",
        payout: "250",
        profitLoss: "-1350",
        deposits: "5000",
        withdrawals: "0",
      }),
    ]);
    const income = await page("income");
    expect(income.records.totals).toMatchObject({
      dailyWage: "120",
      income: "120",
      transfersIn: "300",
      net: "420",
    });
    const details = await page("transactions");
    expect(details.records.totals).toEqual({ in: "5000", out: "300", net: "4700" });
    expect((await page("transactions", `?account=${tree.b1Account}`)).records.total).toBe(0);
    expect((await page("loss-statements", `?account=${tree.b1Account}`)).records.total).toBe(0);
  });

  test.each(["team-betting", "loss-statements", "transactions"] as const)(
    "%s: ?memberId of another agent's member is a 404, like a missing one; an own member's id narrows",
    async (report) => {
      const { loader } = await pages[report]();
      for (const id of [tree.b1, "99999999999", "abc", tree.A]) {
        expect(
          (await thrownResponse(loader(args(report, `?memberId=${id}`, tree.cookieA)))).status,
        ).toBe(404);
      }
      const csvLoader = (await csvs[report]()).loader;
      expect(
        (await thrownResponse(csvLoader(args(report, `?memberId=${tree.b1}`, tree.cookieA, true))))
          .status,
      ).toBe(404);
      const own = await page(report, `?memberId=${tree.a1}`);
      expect(own.records.total).toBeGreaterThan(0);
      expect(own.filter.memberId).toBe(tree.a1);
    },
  );

  test.each(REPORTS)(
    "%s: a member who is not an agent goes to /agent, on the page and the CSV",
    async (report) => {
      const { cookie } = await signInAs(handle.db, "player01");
      for (const response of [
        await thrownResponse((await pages[report]()).loader(args(report, "", cookie))),
        await thrownResponse(csv(report, "", cookie)),
        await thrownResponse(csv(report, "", "")),
      ]) {
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe("/agent");
      }
    },
  );
});

describe("agent report CSV exports", () => {
  test("team betting: a CSV download whose rows are the page's rows under the same filter, formulas made inert", async () => {
    const query = `?account=${tree.a1Account}`;
    const response = await csv("team-betting", query);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="team-betting-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = await csvLines(response);
    expect(header).toEqual([
      "Time",
      "Account",
      "Game",
      "Vendor",
      "Bet",
      "Valid bet",
      "Payout",
      "Win/loss",
      "Status",
    ]);
    const data = await page("team-betting", query);
    expect(rows).toHaveLength(data.records.total);
    expect(rows.map((row) => row[4])).toEqual(["10.00", "5.00", "1.00"]);
    expect(rows[0]).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      tree.a1Account,
      "Test Slot",
      "PG",
      "10.00",
      "10.00",
      "2.50",
      "-7.50",
      "Settled",
    ]);
    expect(rows[2]![2]).toBe(`'=HYPERLINK("http://evil")`);
    const settled = await csvLines(await csv("team-betting", `${query}&status=settled`));
    expect(settled).toHaveLength(1 + 2);
  });

  test("every export holds all rows of the filter, not one page, and only the agent's own", async () => {
    const [lossHeader, ...loss] = await csvLines(await csv("loss-statements"));
    expect(lossHeader).toEqual([
      "Account",
      "Level",
      "Bets",
      "Bet",
      "Valid bet",
      "Payout",
      "Profit/loss",
      "Deposits",
      "Withdrawals",
    ]);
    expect(loss).toEqual([
      [tree.a1Account, "1", "3", "16.00", "16.00", "2.50", "-13.50", "50.00", "0.00"],
    ]);
    const [incomeHeader, ...income] = await csvLines(await csv("income"));
    expect(incomeHeader).toEqual([
      "Date",
      "Dividend",
      "Daily wage",
      "Hourly salary",
      "Real-time salary",
      "Income",
      "Received from downline",
      "Sent to downline",
      "Net",
    ]);
    expect(income.map((row) => row.slice(1))).toEqual([
      ["0.00", "1.20", "0.00", "0.00", "1.20", "3.00", "0.00", "4.20"],
    ]);
    const [detailsHeader, ...details] = await csvLines(await csv("transactions"));
    expect(detailsHeader).toEqual(["Time", "Account", "Type", "Wallet", "Amount", "Balance after"]);
    expect(details.map((row) => [row[1], row[2], row[4]])).toEqual([
      [tree.a1Account, "Transfer to agent", "-3.00"],
      [tree.a1Account, "Deposit", "50.00"],
    ]);
    const forB = await csvLines(await csv("transactions", "", tree.cookieB));
    expect(forB.slice(1).map((row) => row[1])).toEqual([tree.b1Account]);
    expect(
      (await csvLines(await csv("team-betting", `?account=${tree.b1Account}`))).slice(1),
    ).toEqual([]);
  });
});
