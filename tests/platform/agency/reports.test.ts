import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentIncome, teamTransactions } from "~/platform/agency/ledger-reports.server";
import { lossStatements, teamBetting } from "~/platform/agency/reports.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import {
  HOUSE,
  MAIN,
  postEntry,
  type AccountRef,
  type EntryKind,
  type HouseAccount,
} from "~/platform/wallet/ledger.server";
import { insertAgent, insertHouseContract, insertSettledBet } from "../../helpers/agency";
import { createTestDatabase } from "../../helpers/database";
import { formKey, insertMember } from "../../helpers/wallet";

/**
 * The team reports on a hand-built tree: agent A with direct members m1, m2
 * and a sub-agent A2 holding m3; agent B with b1. Every figure below is
 * computed by hand from the rows this file inserts.
 */
let handle: DatabaseHandle;
const ids = {} as Record<"A" | "A2" | "m1" | "m2" | "m3" | "B" | "b1", string>;
const accounts = {} as Record<keyof typeof ids, string>;
const window = { from: new Date("2024-03-01T00:00:00Z"), to: new Date("2024-03-08T00:00:00Z") };
const at = (day: string, time = "12:00") => new Date(`2024-${day}T${time}:00Z`);
const all = { page: 1, pageSize: 50 };

async function move(
  kind: EntryKind,
  from: { member: string } | { house: HouseAccount },
  to: { member: string } | { house: HouseAccount },
  amount: bigint,
  when: Date,
) {
  const ref = (side: typeof from): AccountRef =>
    "member" in side ? { memberId: side.member, kind: MAIN } : { house: side.house };
  const memberId = "member" in from ? from.member : "member" in to ? to.member : null;
  await postEntry(handle.db, {
    key: `test:${formKey()}`,
    kind,
    memberId,
    at: when,
    movements: [{ from: ref(from), to: ref(to), amount }],
  });
}

async function insertSettlement(
  memberId: string,
  contractId: string,
  kind: "DIVIDEND" | "DAILY" | "HOURLY" | "REALTIME",
  amount: bigint,
  when: Date,
) {
  await handle.db
    .insertInto("settlements")
    .values({
      contract_id: contractId,
      member_id: memberId,
      kind,
      period_start: when,
      window_start: when,
      window_end: when,
      valid_bet: 0n,
      profit_loss: 0n,
      active_members: 0,
      base: 0n,
      amount,
      settled_at: when,
    })
    .execute();
}

beforeAll(async () => {
  handle = await createTestDatabase();
  const db = handle.db;
  ids.A = await insertAgent(db);
  ids.A2 = await insertAgent(db, { parentId: ids.A });
  ids.m1 = await insertMember(db, { parentId: ids.A });
  ids.m2 = await insertMember(db, { parentId: ids.A });
  ids.m3 = await insertMember(db, { parentId: ids.A2 });
  ids.B = await insertAgent(db);
  ids.b1 = await insertMember(db, { parentId: ids.B });
  for (const [name, id] of Object.entries(ids)) {
    const row = await db
      .selectFrom("members")
      .select("account")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    accounts[name as keyof typeof ids] = row.account;
  }
  // Bets: A's team in the window, one of m1's after it, one of B's team.
  await insertSettledBet(db, ids.m1, { stake: 1000n, payout: 0n, at: at("03-02") });
  await insertSettledBet(db, ids.m1, { stake: 500n, payout: 1500n, at: at("03-03") });
  await insertSettledBet(db, ids.m2, { stake: 2000n, payout: 1000n, at: at("03-04") });
  await insertSettledBet(db, ids.m3, { stake: 300n, payout: 0n, at: at("03-05") });
  await insertSettledBet(db, ids.m1, { stake: 9999n, payout: 0n, at: at("03-10") });
  await insertSettledBet(db, ids.b1, { stake: 7777n, payout: 0n, at: at("03-03") });
  // The agent's own play is not its team's.
  await insertSettledBet(db, ids.A, { stake: 11n, payout: 0n, at: at("03-03") });
  // An open bet (stake counted, no win/loss yet) and a void one (counts for nothing in user loss).
  for (const [status, stake, day] of [
    ["open", 400n, "03-06"],
    ["void", 600n, "03-06"],
  ] as const) {
    await db
      .insertInto("bets")
      .values({
        member_id: ids.m2,
        vassalage: "PG",
        round_id: `r-${status}-${formKey()}`,
        category: "RNG",
        game_code: "PG-0001",
        game_name: "Test Slot",
        stake,
        valid_bet: stake,
        payout: 0n,
        status,
        placed_at: at(day, status === "open" ? "13:00" : "14:00"),
      })
      .execute();
  }
  // Money: deposits, a withdrawal request, transfers between A and its direct members.
  await move("deposit", { house: HOUSE.payments }, { member: ids.A }, 10_000n, at("02-20"));
  await move("deposit", { house: HOUSE.payments }, { member: ids.m2 }, 3000n, at("02-20"));
  await move("deposit", { house: HOUSE.payments }, { member: ids.m1 }, 5000n, at("03-02", "09:00"));
  await move("deposit", { house: HOUSE.payments }, { member: ids.b1 }, 999n, at("03-02", "09:00"));
  await move("transfer_upline", { member: ids.m1 }, { member: ids.A }, 700n, at("03-04", "10:00"));
  await move(
    "transfer_downline",
    { member: ids.A },
    { member: ids.m2 },
    250n,
    at("03-04", "11:00"),
  );
  await move(
    "withdrawal_hold",
    { member: ids.m2 },
    { house: HOUSE.withdrawalHold },
    800n,
    at("03-05", "10:00"),
  );
  await move("transfer_upline", { member: ids.b1 }, { member: ids.B }, 100n, at("03-04", "10:00"));
  // Settlements paid to A (one of nothing), and one to B.
  const contractA = await insertHouseContract(db, {
    memberId: ids.A,
    kind: "DAILY",
    terms: { rate: 100, minValidBet: 0 },
  });
  const contractB = await insertHouseContract(db, {
    memberId: ids.B,
    kind: "DAILY",
    terms: { rate: 100, minValidBet: 0 },
  });
  await insertSettlement(ids.A, contractA, "DIVIDEND", 1000n, at("03-02", "01:00"));
  await insertSettlement(ids.A, contractA, "DAILY", 200n, at("03-02", "02:00"));
  await insertSettlement(ids.A, contractA, "HOURLY", 50n, at("03-03", "03:00"));
  await insertSettlement(ids.A, contractA, "REALTIME", 30n, at("03-03", "04:00"));
  await insertSettlement(ids.A, contractA, "REALTIME", 0n, at("03-06", "04:00"));
  await insertSettlement(ids.A, contractA, "DAILY", 5000n, at("03-09", "02:00"));
  await insertSettlement(ids.B, contractB, "DAILY", 444n, at("03-02", "02:00"));
});
afterAll(() => handle.close());

const notFound = (promise: Promise<unknown>) =>
  expect(promise).rejects.toSatisfy(
    (error) => error instanceof PlatformError && error.code === "not_found",
  );

describe("team betting", () => {
  it("lists the downline's bets in the window, newest first, with totals over the filter (settled win/loss only)", async () => {
    const report = await teamBetting(handle.db, ids.A, { window, ...all });
    expect(report.rows.map((row) => [row.account, row.stake, row.status])).toEqual([
      [accounts.m2, "600", "void"],
      [accounts.m2, "400", "open"],
      [accounts.m3, "300", "settled"],
      [accounts.m2, "2000", "settled"],
      [accounts.m1, "500", "settled"],
      [accounts.m1, "1000", "settled"],
    ]);
    expect(report.total).toBe(6);
    expect(report.totals).toEqual({
      stake: "4800",
      validBet: "4800",
      payout: "2500",
      winLoss: "-1300",
    });
    expect(report.rows[3]).toMatchObject({
      winLoss: "-1000",
      gameName: "Test Slot",
      vassalage: "PG",
    });
  });

  it("never includes another agent's members; a sub-agent sees only its own downline", async () => {
    const b = await teamBetting(handle.db, ids.B, { window, ...all });
    expect(b.rows.map((row) => row.account)).toEqual([accounts.b1]);
    const a2 = await teamBetting(handle.db, ids.A2, { window, ...all });
    expect(a2.rows.map((row) => row.account)).toEqual([accounts.m3]);
    expect(a2.totals.stake).toBe("300");
  });

  it("narrows to one account (any letter case); a foreign or unknown account matches nothing", async () => {
    const one = await teamBetting(handle.db, ids.A, {
      window,
      account: accounts.m1.toUpperCase(),
      ...all,
    });
    expect(one.rows.map((row) => row.stake)).toEqual(["500", "1000"]);
    expect(one.totals).toMatchObject({ stake: "1500", winLoss: "0" });
    for (const account of [accounts.b1, accounts.A, "nobody-here"]) {
      const none = await teamBetting(handle.db, ids.A, { window, account, ...all });
      expect(none).toMatchObject({ total: 0, rows: [], totals: { stake: "0", winLoss: "0" } });
    }
  });

  it("filters by status and vendor; a member id outside the downline is not_found", async () => {
    expect(
      (await teamBetting(handle.db, ids.A, { window, status: "open", ...all })).rows.map(
        (row) => row.stake,
      ),
    ).toEqual(["400"]);
    expect((await teamBetting(handle.db, ids.A, { window, vassalage: "XX", ...all })).total).toBe(
      0,
    );
    expect((await teamBetting(handle.db, ids.A, { window, memberId: ids.m3, ...all })).total).toBe(
      1,
    );
    await notFound(teamBetting(handle.db, ids.A, { window, memberId: ids.b1, ...all }));
    await notFound(teamBetting(handle.db, ids.A, { window, memberId: ids.A, ...all }));
    await notFound(teamBetting(handle.db, ids.A, { window, memberId: "x1", ...all }));
  });

  it("pages: 2 a page gives 3 pages, a page past the end shows the last one, totals stay those of the filter", async () => {
    const first = await teamBetting(handle.db, ids.A, { window, page: 1, pageSize: 2 });
    expect(first).toMatchObject({ page: 1, pageCount: 3, total: 6 });
    const last = await teamBetting(handle.db, ids.A, { window, page: 99, pageSize: 2 });
    expect(last).toMatchObject({ page: 3, pageCount: 3, total: 6, totals: first.totals });
    expect(last.rows.map((row) => row.stake)).toEqual(["500", "1000"]);
  });
});

describe("user loss", () => {
  it("sums each member's play and money in the window, biggest losers first", async () => {
    const report = await lossStatements(handle.db, ids.A, { window, ...all });
    expect(report.rows).toEqual([
      {
        memberId: ids.m2,
        account: accounts.m2,
        depth: 1,
        bets: 2,
        stake: "2400",
        validBet: "2400",
        payout: "1000",
        profitLoss: "-1400",
        deposits: "0",
        withdrawals: "800",
      },
      {
        memberId: ids.m3,
        account: accounts.m3,
        depth: 2,
        bets: 1,
        stake: "300",
        validBet: "300",
        payout: "0",
        profitLoss: "-300",
        deposits: "0",
        withdrawals: "0",
      },
      {
        memberId: ids.m1,
        account: accounts.m1,
        depth: 1,
        bets: 2,
        stake: "1500",
        validBet: "1500",
        payout: "1500",
        profitLoss: "0",
        deposits: "5000",
        withdrawals: "0",
      },
    ]);
    expect(report.totals).toEqual({
      bets: 5,
      stake: "4200",
      validBet: "4200",
      payout: "2500",
      profitLoss: "-1700",
      deposits: "5000",
      withdrawals: "800",
    });
  });

  it("direct level leaves out deeper members; account and scoping as on team betting", async () => {
    const direct = await lossStatements(handle.db, ids.A, { window, direct: true, ...all });
    expect(direct.rows.map((row) => row.account)).toEqual([accounts.m2, accounts.m1]);
    expect(direct.totals.profitLoss).toBe("-1400");
    expect(
      (await lossStatements(handle.db, ids.A, { window, account: accounts.m3, ...all })).rows.map(
        (row) => row.profitLoss,
      ),
    ).toEqual(["-300"]);
    expect(
      (await lossStatements(handle.db, ids.A, { window, account: accounts.b1, ...all })).total,
    ).toBe(0);
    expect(
      (await lossStatements(handle.db, ids.B, { window, ...all })).rows.map((row) => [
        row.account,
        row.profitLoss,
        row.deposits,
      ]),
    ).toEqual([[accounts.b1, "-7777", "999"]]);
    await notFound(lossStatements(handle.db, ids.B, { window, memberId: ids.m1, ...all }));
  });

  it("pages the members", async () => {
    const second = await lossStatements(handle.db, ids.A, { window, page: 2, pageSize: 2 });
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: 3 });
    expect(second.rows.map((row) => row.account)).toEqual([accounts.m1]);
    expect(second.totals.profitLoss).toBe("-1700");
  });
});

describe("my income", () => {
  it("sums the agent's own settlements per day and kind and its transfers with the downline", async () => {
    const report = await agentIncome(handle.db, ids.A, { window, timeZone: "UTC", ...all });
    const zero = {
      dividend: "0",
      dailyWage: "0",
      hourlySalary: "0",
      realtimeSalary: "0",
      income: "0",
      transfersIn: "0",
      transfersOut: "0",
      net: "0",
    };
    expect(report.rows).toEqual([
      { ...zero, day: "2024-03-04", transfersIn: "700", transfersOut: "250", net: "450" },
      {
        ...zero,
        day: "2024-03-03",
        hourlySalary: "50",
        realtimeSalary: "30",
        income: "80",
        net: "80",
      },
      {
        ...zero,
        day: "2024-03-02",
        dividend: "1000",
        dailyWage: "200",
        income: "1200",
        net: "1200",
      },
    ]);
    expect(report.totals).toEqual({
      dividend: "1000",
      dailyWage: "200",
      hourlySalary: "50",
      realtimeSalary: "30",
      income: "1280",
      transfersIn: "700",
      transfersOut: "250",
      net: "1730",
    });
    const b = await agentIncome(handle.db, ids.B, { window, timeZone: "UTC", ...all });
    expect(b.totals).toMatchObject({ dailyWage: "444", transfersIn: "100", net: "544" });
    expect(b.total).toBe(2);
  });

  it("counts days in the brand's time zone and pages them", async () => {
    // 01:00 and 02:00 UTC on 2024-03-02 are still 2024-03-01 in São Paulo (UTC−3).
    const saoPaulo = await agentIncome(handle.db, ids.A, {
      window,
      timeZone: "America/Sao_Paulo",
      ...all,
    });
    expect(saoPaulo.rows.at(-1)).toMatchObject({ day: "2024-03-01", income: "1200" });
    const paged = await agentIncome(handle.db, ids.A, {
      window,
      timeZone: "UTC",
      page: 2,
      pageSize: 2,
    });
    expect(paged).toMatchObject({ page: 2, pageCount: 2, total: 3 });
    expect(paged.rows.map((row) => row.day)).toEqual(["2024-03-02"]);
  });
});

describe("account details", () => {
  it("lists the downline's wallet movements in the window (never the agent's own), with money in, out and net", async () => {
    const report = await teamTransactions(handle.db, ids.A, { window, ...all });
    expect(report.rows.map((row) => [row.account, row.kind, row.amount, row.wallet])).toEqual([
      [accounts.m2, "withdrawal_hold", "-800", "MAIN"],
      [accounts.m2, "transfer_downline", "250", "MAIN"],
      [accounts.m1, "transfer_upline", "-700", "MAIN"],
      [accounts.m1, "deposit", "5000", "MAIN"],
    ]);
    expect(report.rows[0]!.balanceAfter).toBe("2450");
    expect(report.totals).toEqual({ in: "5250", out: "1500", net: "3750" });
  });

  it("filters by type and account; another agent's accounts and ids are out of reach", async () => {
    const transfers = await teamTransactions(handle.db, ids.A, {
      window,
      type: "transfer",
      ...all,
    });
    expect(transfers.rows.map((row) => row.amount)).toEqual(["250", "-700"]);
    const m2 = await teamTransactions(handle.db, ids.A, { window, account: accounts.m2, ...all });
    expect(m2.totals).toEqual({ in: "250", out: "800", net: "-550" });
    expect(
      (await teamTransactions(handle.db, ids.A, { window, account: accounts.b1, ...all })).total,
    ).toBe(0);
    expect(
      (await teamTransactions(handle.db, ids.B, { window, ...all })).rows.map((row) => [
        row.account,
        row.amount,
      ]),
    ).toEqual([
      [accounts.b1, "-100"],
      [accounts.b1, "999"],
    ]);
    await notFound(teamTransactions(handle.db, ids.A, { window, memberId: ids.b1, ...all }));
    const paged = await teamTransactions(handle.db, ids.A, { window, page: 2, pageSize: 3 });
    expect(paged).toMatchObject({ page: 2, pageCount: 2, total: 4 });
    expect(paged.rows.map((row) => row.kind)).toEqual(["deposit"]);
  });
});
