import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseDateRange } from "~/platform/calendar/date-range";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { confirmDeposit, createDeposit } from "~/platform/wallet/deposits.server";
import { HOUSE, MAIN, postEntry } from "~/platform/wallet/ledger.server";
import {
  bettingRecords,
  bettingVendors,
  bonusDetails,
  profitLoss,
  transactionHistory,
  type RecordWindow,
} from "~/platform/wallet/records.server";
import { transferBetweenWallets } from "~/platform/wallet/transfers.server";
import { rejectWithdrawal, requestWithdrawal } from "~/platform/wallet/withdrawals.server";
import { createTestDatabase } from "../../helpers/database";
import { formKey, insertMember, insertPayee, testWalletPolicy } from "../../helpers/wallet";

/**
 * One member's month in Karachi (UTC+5), moved through the wallet API, each
 * entry then dated to a chosen instant; a second member's money alongside,
 * which must never show up in the first one's records.
 */
const ZONE = "Asia/Karachi";
const policy = testWalletPolicy();
/** An instant given as Karachi wall-clock time. */
const karachi = (wallClock: string) => new Date(`${wallClock}+05:00`);
/** Whole Karachi days, as the pages ask for them. */
const days = (from: string, to: string): RecordWindow => {
  const range = parseDateRange({ from, to }, ZONE, new Date("2024-04-01T00:00:00Z"));
  return { from: range.fromStart, to: range.toEnd };
};

let handle: DatabaseHandle;
let member: string;
let stranger: string;

async function dated(entryId: string | null, wallClock: string) {
  await handle.db
    .updateTable("entries")
    .set({ created_at: karachi(wallClock) })
    .where("id", "=", entryId!)
    .execute();
}

async function deposit(memberId: string, amount: bigint, wallClock: string) {
  const created = await createDeposit(
    handle.db,
    { memberId, channel: "demo-pay", amount, key: formKey() },
    policy,
  );
  const { deposit: confirmed } = await confirmDeposit(handle.db, created.id);
  await dated(confirmed.entry_id, wallClock);
}

async function bonus(memberId: string, amount: bigint, wallClock: string, title?: string) {
  const entry = await postEntry(handle.db, {
    key: formKey(),
    kind: "bonus",
    memberId,
    memo: title ? { title } : {},
    movements: [{ from: { house: HOUSE.bonuses }, to: { memberId, kind: MAIN }, amount }],
  });
  await dated(entry.id, wallClock);
}

async function bet(
  memberId: string,
  values: {
    vassalage: string;
    category: string;
    stake: number;
    validBet?: number;
    payout?: number;
    status: "open" | "settled" | "void";
    placed: string;
  },
) {
  await handle.db
    .insertInto("bets")
    .values({
      member_id: memberId,
      vassalage: values.vassalage,
      round_id: formKey(),
      category: values.category,
      game_code: `${values.vassalage}-0001`,
      game_name: `${values.vassalage} table`,
      stake: values.stake,
      valid_bet: values.validBet ?? 0,
      payout: values.payout ?? 0,
      status: values.status,
      placed_at: karachi(values.placed),
      settled_at: values.status === "settled" ? karachi(values.placed) : null,
    })
    .execute();
}

beforeAll(async () => {
  handle = await createTestDatabase();
  member = await insertMember(handle.db);
  stranger = await insertMember(handle.db);
  const payee = await insertPayee(handle.db, member);
  const operator = {
    operatorId: await insertMember(handle.db, { type: 9 }),
    context: { ip: null, userAgent: null },
  };

  // Posted in time order, so every posting's balance-after reads as it would have.
  await deposit(member, 50_000n, "2024-03-09T23:59:59"); // the last second before the window
  await deposit(member, 100_000n, "2024-03-10T10:00:00");
  const transfer = await transferBetweenWallets(
    handle.db,
    { memberId: member, from: MAIN, to: "V1", amount: 30_000n, key: formKey() },
    policy,
  );
  await dated(transfer.id, "2024-03-10T12:00:00");
  const rejected = await requestWithdrawal(
    handle.db,
    { memberId: member, payeeAccountId: payee, amount: 20_000n, key: formKey() },
    policy,
    ZONE,
  );
  await dated(rejected.request_entry_id, "2024-03-11T09:00:00");
  const released = await rejectWithdrawal(handle.db, rejected.id, operator, "Name does not match");
  await dated(released.settle_entry_id, "2024-03-11T10:00:00");
  const pending = await requestWithdrawal(
    handle.db,
    { memberId: member, payeeAccountId: payee, amount: 5_000n, key: formKey() },
    policy,
    ZONE,
  );
  await dated(pending.request_entry_id, "2024-03-11T11:00:00");
  await bonus(member, 1_234n, "2024-03-11T23:59:59", "Weekend reload");
  await bonus(member, 999n, "2024-03-12T00:00:00");
  await deposit(member, 10_000n, "2024-03-13T00:00:00"); // the first second after the window

  await bet(member, {
    vassalage: "V1",
    category: "LIVE",
    stake: 10_000,
    validBet: 9_000,
    payout: 15_000,
    status: "settled",
    placed: "2024-03-10T20:00:00",
  });
  await bet(member, {
    vassalage: "V2",
    category: "RNG",
    stake: 4_000,
    validBet: 4_000,
    payout: 0,
    status: "settled",
    placed: "2024-03-11T15:00:00",
  });
  await bet(member, {
    vassalage: "V2",
    category: "RNG",
    stake: 500,
    status: "void",
    placed: "2024-03-11T16:00:00",
  });
  await bet(member, {
    vassalage: "V1",
    category: "LIVE",
    stake: 700,
    status: "open",
    placed: "2024-03-12T00:30:00",
  });
  await bet(member, {
    vassalage: "V1",
    category: "LIVE",
    stake: 9_999,
    status: "settled",
    placed: "2024-03-09T23:59:59",
  });

  // Someone else, on the same days and vendors.
  await deposit(stranger, 777_777n, "2024-03-10T10:00:00");
  await bonus(stranger, 4_321n, "2024-03-11T12:00:00", "Not yours");
  await bet(stranger, {
    vassalage: "V9",
    category: "LIVE",
    stake: 88_888,
    payout: 1,
    status: "settled",
    placed: "2024-03-10T20:00:00",
  });
});
afterAll(() => handle?.close());

const WINDOW = () => days("2024-03-10", "2024-03-12");

describe("transactionHistory", () => {
  test("every posting on the member's wallets in the window; the totals are the sums of those postings", async () => {
    const result = await transactionHistory(handle.db, member, {
      window: WINDOW(),
      page: 1,
      pageSize: 20,
    });
    expect(result.total).toBe(8);
    expect(result.rows.map((row) => [row.kind, row.wallet, row.amount])).toEqual([
      ["bonus", "MAIN", "999"],
      ["bonus", "MAIN", "1234"],
      ["withdrawal_hold", "MAIN", "-5000"],
      ["withdrawal_release", "MAIN", "20000"],
      ["withdrawal_hold", "MAIN", "-20000"],
      ["transfer", "V1", "30000"],
      ["transfer", "MAIN", "-30000"],
      ["deposit", "MAIN", "100000"],
    ]);
    expect(result.rows[0]).toMatchObject({
      balanceAfter: "117233",
      createdAt: "2024-03-11T19:00:00.000Z",
    });
    expect(result.totals).toEqual({ in: "152233", out: "55000", net: "97233" });

    // The same sums, straight from the member's postings.
    const sums = await handle.db
      .selectFrom("postings")
      .innerJoin("accounts", "accounts.id", "postings.account_id")
      .innerJoin("entries", "entries.id", "postings.entry_id")
      .select("postings.amount")
      .where("accounts.member_id", "=", member)
      .where("entries.created_at", ">=", WINDOW().from)
      .where("entries.created_at", "<", WINDOW().to)
      .execute();
    const amounts = sums.map((row) => BigInt(row.amount));
    expect(result.totals.net).toBe(amounts.reduce((sum, value) => sum + value, 0n).toString());
    expect(result.totals.in).toBe(
      amounts
        .filter((value) => value > 0n)
        .reduce((sum, value) => sum + value, 0n)
        .toString(),
    );
  });

  test("type filters group the entry kinds", async () => {
    const of = (
      type: "deposit" | "withdrawal" | "transfer" | "game" | "bonus",
      window = WINDOW(),
    ) => transactionHistory(handle.db, member, { window, type, page: 1, pageSize: 20 });
    const withdrawals = await of("withdrawal");
    expect(withdrawals.rows.map((row) => row.kind)).toEqual([
      "withdrawal_hold",
      "withdrawal_release",
      "withdrawal_hold",
    ]);
    expect(withdrawals.totals).toEqual({ in: "20000", out: "25000", net: "-5000" });
    expect((await of("transfer")).totals).toEqual({ in: "30000", out: "30000", net: "0" });
    expect((await of("bonus")).totals.net).toBe("2233");
    expect(await of("game")).toMatchObject({
      rows: [],
      total: 0,
      totals: { in: "0", out: "0", net: "0" },
    });
    expect((await of("deposit")).totals.in).toBe("100000");
    expect((await of("deposit", days("2024-03-09", "2024-03-13"))).totals.in).toBe("160000");
  });

  test("the window is whole days in the brand's time zone: the edges fall on Karachi midnights", async () => {
    const only = async (from: string, to: string) =>
      (
        await transactionHistory(handle.db, member, {
          window: days(from, to),
          type: "deposit",
          page: 1,
          pageSize: 20,
        })
      ).rows.map((row) => row.amount);
    expect(await only("2024-03-09", "2024-03-09")).toEqual(["50000"]);
    expect(await only("2024-03-13", "2024-03-13")).toEqual(["10000"]);
    const bonusOn = async (day: string) =>
      (
        await transactionHistory(handle.db, member, {
          window: days(day, day),
          type: "bonus",
          page: 1,
          pageSize: 20,
        })
      ).totals.net;
    expect(await bonusOn("2024-03-11")).toBe("1234");
    expect(await bonusOn("2024-03-12")).toBe("999");
  });

  test("paging: pages of the size asked for, every row once, totals over all pages, a page past the end is the last", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const result = await transactionHistory(handle.db, member, {
        window: WINDOW(),
        page,
        pageSize: 3,
      });
      expect(result).toMatchObject({ page, pageCount: 3, total: 8, totals: { net: "97233" } });
      seen.push(...result.rows.map((row) => row.id));
    }
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    const past = await transactionHistory(handle.db, member, {
      window: WINDOW(),
      page: 99,
      pageSize: 3,
    });
    expect(past.page).toBe(3);
    expect(past.rows).toHaveLength(2);
  });

  test("another member's money never appears", async () => {
    const mine = await transactionHistory(handle.db, member, {
      window: WINDOW(),
      page: 1,
      pageSize: 20,
    });
    expect(mine.rows.some((row) => row.amount === "777777" || row.amount === "4321")).toBe(false);
    const theirs = await transactionHistory(handle.db, stranger, {
      window: WINDOW(),
      page: 1,
      pageSize: 20,
    });
    expect(theirs.totals).toEqual({ in: "782098", out: "0", net: "782098" });
  });
});

describe("bonusDetails", () => {
  test("bonus entries with their titles and the window's total", async () => {
    const result = await bonusDetails(handle.db, member, {
      window: WINDOW(),
      page: 1,
      pageSize: 20,
    });
    expect(result.rows.map((row) => [row.title, row.amount])).toEqual([
      [null, "999"],
      ["Weekend reload", "1234"],
    ]);
    expect(result.totals).toEqual({ amount: "2233" });
    expect(
      (
        await bonusDetails(handle.db, member, {
          window: days("2024-03-01", "2024-03-10"),
          page: 1,
          pageSize: 20,
        })
      ).total,
    ).toBe(0);
  });
});

describe("profitLoss", () => {
  test("per Karachi day, newest first: deposits, net withdrawals, play, bonuses, and the result", async () => {
    const result = await profitLoss(handle.db, member, {
      window: WINDOW(),
      timeZone: ZONE,
      page: 1,
      pageSize: 20,
    });
    expect(result.rows).toEqual([
      {
        day: "2024-03-12",
        deposits: "0",
        withdrawals: "0",
        stakes: "700",
        validBets: "0",
        payouts: "0",
        bonuses: "999",
        profitLoss: "299",
      },
      {
        day: "2024-03-11",
        deposits: "0",
        withdrawals: "5000",
        stakes: "4000",
        validBets: "4000",
        payouts: "0",
        bonuses: "1234",
        profitLoss: "-2766",
      },
      {
        day: "2024-03-10",
        deposits: "100000",
        withdrawals: "0",
        stakes: "10000",
        validBets: "9000",
        payouts: "15000",
        bonuses: "0",
        profitLoss: "5000",
      },
    ]);
    expect(result.totals).toEqual({
      deposits: "100000",
      withdrawals: "5000",
      stakes: "14700",
      validBets: "13000",
      payouts: "15000",
      bonuses: "2233",
      profitLoss: "2533",
    });
    expect(result.total).toBe(3);
  });

  test("days follow the brand's time zone, and totals cover every page", async () => {
    // In UTC the 999 bonus and the open bet (both just after Karachi midnight) fall on the 11th.
    const utc = await profitLoss(handle.db, member, {
      window: WINDOW(),
      timeZone: "UTC",
      page: 1,
      pageSize: 20,
    });
    expect(utc.rows.find((row) => row.day === "2024-03-11")).toMatchObject({
      bonuses: "2233",
      stakes: "4700",
    });
    const paged = await profitLoss(handle.db, member, {
      window: WINDOW(),
      timeZone: ZONE,
      page: 2,
      pageSize: 2,
    });
    expect(paged).toMatchObject({
      page: 2,
      pageCount: 2,
      total: 3,
      totals: { profitLoss: "2533" },
    });
    expect(paged.rows.map((row) => row.day)).toEqual(["2024-03-10"]);
  });

  test("an empty window: no days, zero totals", async () => {
    const result = await profitLoss(handle.db, member, {
      window: days("2024-02-01", "2024-02-07"),
      timeZone: ZONE,
      page: 1,
      pageSize: 20,
    });
    expect(result).toMatchObject({
      rows: [],
      total: 0,
      page: 1,
      pageCount: 1,
      totals: { deposits: "0", profitLoss: "0" },
    });
  });
});

describe("bettingRecords", () => {
  test("the member's bets in the window with totals; win/loss counts settled bets only", async () => {
    const result = await bettingRecords(handle.db, member, {
      window: WINDOW(),
      page: 1,
      pageSize: 20,
    });
    expect(result.rows.map((row) => [row.vassalage, row.status, row.stake, row.winLoss])).toEqual([
      ["V1", "open", "700", null],
      ["V2", "void", "500", null],
      ["V2", "settled", "4000", "-4000"],
      ["V1", "settled", "10000", "5000"],
    ]);
    expect(result.totals).toEqual({
      stake: "15200",
      validBet: "13000",
      payout: "15000",
      winLoss: "1000",
    });
  });

  test("filters: category, vendor, status; the vendor list is the member's own", async () => {
    const of = (filter: {
      category?: string;
      vassalage?: string;
      status?: "open" | "settled" | "void";
    }) => bettingRecords(handle.db, member, { window: WINDOW(), ...filter, page: 1, pageSize: 20 });
    expect((await of({ category: "LIVE" })).totals).toEqual({
      stake: "10700",
      validBet: "9000",
      payout: "15000",
      winLoss: "5000",
    });
    expect((await of({ vassalage: "V2" })).total).toBe(2);
    expect((await of({ status: "open" })).rows.map((row) => row.stake)).toEqual(["700"]);
    expect((await of({ category: "FISH" })).total).toBe(0);
    expect((await of({ vassalage: "V9" })).total).toBe(0);
    expect(await bettingVendors(handle.db, member)).toEqual(["V1", "V2"]);
    expect(await bettingVendors(handle.db, stranger)).toEqual(["V9"]);
  });
});
