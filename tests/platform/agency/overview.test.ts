import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamOverview } from "~/platform/agency/overview.server";
import { parseDateRange } from "~/platform/calendar/date-range";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { confirmDeposit, createDeposit } from "~/platform/wallet/deposits.server";
import {
  approveWithdrawal,
  confirmWithdrawalReceipt,
  markWithdrawalPaid,
  requestWithdrawal,
  resolveDispute,
} from "~/platform/wallet/withdrawals.server";
import { insertAgent } from "../../helpers/agency";
import { createTestDatabase } from "../../helpers/database";
import { formKey, insertMember, insertPayee, testWalletPolicy } from "../../helpers/wallet";

/**
 * The team overview's figures, from a hand-built tree with every kind of row
 * that must or must not count: the agent's own rows, another agent's team,
 * rows outside the window, void and open bets, pending and refunded money.
 */

let handle: DatabaseHandle;
const policy = testWalletPolicy();
const at = (iso: string) => new Date(iso);
const window = (timeZone: string) => {
  const range = parseDateRange({ from: "2025-03-01", to: "2025-03-07" }, timeZone);
  return { from: range.fromStart, to: range.toEnd };
};

const ids = {} as Record<"agent" | "sub" | "m1" | "m2" | "m3" | "other" | "stranger", string>;

async function bet(
  memberId: string,
  values: {
    stake: bigint;
    payout?: bigint;
    validBet?: bigint;
    status?: "open" | "settled" | "void";
    at: string;
  },
) {
  const status = values.status ?? "settled";
  await handle.db
    .insertInto("bets")
    .values({
      member_id: memberId,
      vassalage: "PG",
      round_id: `r${randomBytes(8).toString("hex")}`,
      category: "RNG",
      game_code: "PG-0001",
      game_name: "Test Slot",
      stake: values.stake,
      valid_bet: values.validBet ?? values.stake,
      payout: values.payout ?? 0n,
      status,
      placed_at: at(values.at),
      settled_at: status === "open" ? null : at(values.at),
    })
    .execute();
}

async function deposit(memberId: string, amount: bigint, when: string, confirm = true) {
  const created = await createDeposit(
    handle.db,
    { memberId, channel: "demo-pay", amount, key: formKey() },
    policy,
    at(when),
  );
  if (confirm) await confirmDeposit(handle.db, created.id, at(when));
}

async function withdrawal(
  memberId: string,
  amount: bigint,
  when: string,
  outcome: "pending" | "paid" | "refunded",
  received = 0n,
) {
  const payee = await insertPayee(handle.db, memberId);
  const request = await requestWithdrawal(
    handle.db,
    { memberId, payeeAccountId: payee, amount, key: formKey() },
    policy,
    "UTC",
    at(when),
  );
  if (outcome === "pending") return;
  const operator = {
    operatorId: await insertMember(handle.db, { type: 9 }),
    context: { ip: null, userAgent: null },
  };
  await approveWithdrawal(handle.db, request.id, operator, at(when));
  const checker = { ...operator, operatorId: await insertMember(handle.db, { type: 9 }) };
  await markWithdrawalPaid(handle.db, request.id, checker, policy, at(when));
  if (outcome === "refunded") {
    await confirmWithdrawalReceipt(
      handle.db,
      { memberId, withdrawalId: request.id, receivedAmount: received, proofs: [] },
      at(when),
    );
    await resolveDispute(handle.db, request.id, operator, "refund", at(when));
  }
}

const created = (memberId: string, when: string) =>
  handle.db
    .updateTable("members")
    .set({ created_at: at(when) })
    .where("id", "=", memberId)
    .execute();

beforeAll(async () => {
  handle = await createTestDatabase();
  // agent ─┬─ sub ── m2
  //        ├─ m1
  //        └─ m3          other ── stranger
  ids.agent = await insertAgent(handle.db, { agentRate: 5000 });
  ids.sub = await insertAgent(handle.db, { parentId: ids.agent, agentRate: 3000 });
  ids.m1 = await insertMember(handle.db, { parentId: ids.agent });
  ids.m2 = await insertMember(handle.db, { parentId: ids.sub });
  ids.m3 = await insertMember(handle.db, { parentId: ids.agent });
  ids.other = await insertAgent(handle.db);
  ids.stranger = await insertMember(handle.db, { parentId: ids.other });
  // New in the window: sub and m1 (the agent itself and the stranger do not count).
  await created(ids.agent, "2025-03-02T00:00:00Z");
  await created(ids.sub, "2025-03-02T00:00:00Z");
  await created(ids.m1, "2025-03-03T00:00:00Z");
  await created(ids.m2, "2025-02-01T00:00:00Z");
  await created(ids.m3, "2025-02-01T00:00:00Z");
  await created(ids.stranger, "2025-03-03T00:00:00Z");

  // Bets in the window: m1 wins 500 and loses 500 (valid 400), m2 loses 2000 and has 300 open, sub breaks even.
  await bet(ids.m1, { stake: 1000n, payout: 1500n, at: "2025-03-02T10:00:00Z" });
  await bet(ids.m1, { stake: 500n, payout: 0n, validBet: 400n, at: "2025-03-02T11:00:00Z" });
  await bet(ids.m2, { stake: 2000n, payout: 0n, at: "2025-03-03T20:00:00Z" });
  await bet(ids.m2, { stake: 300n, status: "open", at: "2025-03-05T09:00:00Z" });
  await bet(ids.sub, { stake: 100n, payout: 100n, at: "2025-03-05T12:00:00Z" });
  // Never counted: void, before the window, after it, the agent's own, another team's.
  await bet(ids.m1, { stake: 700n, status: "void", at: "2025-03-04T10:00:00Z" });
  await bet(ids.m1, { stake: 800n, at: "2025-02-27T10:00:00Z" });
  await bet(ids.m3, { stake: 900n, at: "2025-03-08T10:00:00Z" });
  await bet(ids.agent, { stake: 1100n, at: "2025-03-04T10:00:00Z" });
  await bet(ids.stranger, { stake: 9999n, at: "2025-03-04T10:00:00Z" });
  // m3's only bet in the window is voided after it was placed: the rollups keep an empty row for
  // that day, and m3 must still not be an active member.
  await bet(ids.m3, { stake: 600n, status: "open", at: "2025-03-06T10:00:00Z" });
  await handle.db
    .updateTable("bets")
    .set({ status: "void" })
    .where("member_id", "=", ids.m3)
    .where("stake", "=", "600")
    .execute();

  // Deposits: m1 5000 and m2 3000 confirmed in the window count; pending, earlier, own and foreign ones do not.
  await deposit(ids.m1, 5000n, "2025-03-02T08:00:00Z");
  await deposit(ids.m2, 3000n, "2025-03-03T08:00:00Z");
  await deposit(ids.m1, 1000n, "2025-03-04T08:00:00Z", false);
  await deposit(ids.m1, 2000n, "2025-02-20T08:00:00Z");
  await deposit(ids.agent, 4444n, "2025-03-02T08:00:00Z");
  await deposit(ids.stranger, 7777n, "2025-03-02T08:00:00Z");
  await deposit(ids.stranger, 5000n, "2025-02-02T08:00:00Z");

  // Withdrawals: m1 1000 paid; m2 800 paid, 300 received, the rest refunded (300 counts); m1 500 pending; stranger's paid.
  await withdrawal(ids.m1, 1000n, "2025-03-04T08:00:00Z", "paid");
  await withdrawal(ids.m2, 800n, "2025-03-05T08:00:00Z", "refunded", 300n);
  await withdrawal(ids.m1, 500n, "2025-03-06T08:00:00Z", "pending");
  await withdrawal(ids.stranger, 1234n, "2025-03-04T08:00:00Z", "paid");
});
afterAll(() => handle?.close());

describe("teamOverview", () => {
  it("sums the agent's whole downline in the window, and nothing else", async () => {
    const overview = await teamOverview(handle.db, ids.agent, window("UTC"), "UTC");
    expect(overview.agent).toEqual({ balance: "4444", agentRate: 5000 });
    expect(overview.totals).toEqual({
      teamSize: 4,
      directDownlines: 3,
      newMembers: 2,
      activeMembers: 3,
      deposits: "8000",
      depositCount: 2,
      withdrawals: "1300",
      withdrawalCount: 2,
      betCount: 5,
      stake: String(1000 + 500 + 2000 + 300 + 100),
      validBet: String(1000 + 400 + 2000 + 300 + 100),
      profitLoss: String(500 - 500 - 2000 + 0),
    });
  });

  it("gives every day of the window, bucketed in the brand's time zone", async () => {
    const utc = await teamOverview(handle.db, ids.agent, window("UTC"), "UTC");
    expect(utc.days.map((day) => day.day)).toEqual([
      "2025-03-01",
      "2025-03-02",
      "2025-03-03",
      "2025-03-04",
      "2025-03-05",
      "2025-03-06",
      "2025-03-07",
    ]);
    const busy = utc.days.filter((day) => day.betCount > 0);
    expect(busy).toEqual([
      { day: "2025-03-02", betCount: 2, validBet: "1400", profitLoss: "0" },
      { day: "2025-03-03", betCount: 1, validBet: "2000", profitLoss: "-2000" },
      { day: "2025-03-05", betCount: 2, validBet: "400", profitLoss: "0" },
    ]);
    // 20:00 UTC on the 3rd is the 4th in Karachi (UTC+5).
    const karachi = await teamOverview(
      handle.db,
      ids.agent,
      window("Asia/Karachi"),
      "Asia/Karachi",
    );
    expect(karachi.days.find((day) => day.day === "2025-03-04")).toEqual({
      day: "2025-03-04",
      betCount: 1,
      validBet: "2000",
      profitLoss: "-2000",
    });
    expect(karachi.days).toHaveLength(7);
  });

  it("a sub-agent sees its own branch only; another agent never sees this team", async () => {
    const sub = await teamOverview(handle.db, ids.sub, window("UTC"), "UTC");
    expect(sub.totals).toMatchObject({
      teamSize: 1,
      directDownlines: 1,
      newMembers: 0,
      activeMembers: 1,
      deposits: "3000",
      withdrawals: "300",
      betCount: 2,
      stake: "2300",
      validBet: "2300",
      profitLoss: "-2000",
    });
    const other = await teamOverview(handle.db, ids.other, window("UTC"), "UTC");
    expect(other.totals).toMatchObject({
      teamSize: 1,
      newMembers: 1,
      activeMembers: 1,
      deposits: "7777",
      depositCount: 1,
      withdrawals: "1234",
      betCount: 1,
      stake: "9999",
    });
  });

  it("a member without a downline has an empty team", async () => {
    const lone = await teamOverview(handle.db, ids.m3, window("UTC"), "UTC");
    expect(lone.totals).toMatchObject({
      teamSize: 0,
      activeMembers: 0,
      betCount: 0,
      stake: "0",
      profitLoss: "0",
      deposits: "0",
      withdrawals: "0",
    });
    expect(lone.agent).toEqual({ balance: "0", agentRate: null });
  });
});
