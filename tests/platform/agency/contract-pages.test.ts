import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contractCandidates,
  settlementRecords,
  settlementRows,
} from "~/platform/agency/contract-pages.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import type { ContractKind } from "~/platform/db/schema";
import { insertAgent, insertHouseContract } from "../../helpers/agency";
import { createTestDatabase } from "../../helpers/database";
import { insertMember } from "../../helpers/wallet";

/**
 * The contract pages' queries on a hand-built tree: agent A with a direct
 * sub-agent A2 (and its sub-agent A3) and a direct member; agent B apart.
 * Every figure is computed by hand from the rows this file inserts.
 */
let handle: DatabaseHandle;
const ids = {} as Record<"A" | "A2" | "A3" | "m" | "B" | "B2", string>;
const window = { from: new Date("2024-03-01T00:00:00Z"), to: new Date("2024-03-08T00:00:00Z") };
const sets = { agentTypes: [1, 2, 41, 42], trialTypes: [] };

async function insertSettlement(
  memberId: string,
  kind: ContractKind,
  start: string,
  figures: { validBet: bigint; base: bigint; amount: bigint },
) {
  const contractId = await insertHouseContract(handle.db, {
    memberId,
    kind,
    terms:
      kind === "REALTIME"
        ? { profitRate: 1, lossRate: 1, minSingleBet: 0 }
        : kind === "DIVIDEND"
          ? { rate: 1, minValidBet: 0, minProfitLoss: 0, minActiveMembers: 0 }
          : { rate: 1, minValidBet: 0 },
  });
  // A contract per row keeps the (contract, period) key unique; only active one per kind is enforced, so end it.
  await handle.db
    .updateTable("contracts")
    .set({ status: "terminated", ended_by: "upline" })
    .where("id", "=", contractId)
    .execute();
  const startAt = new Date(start);
  await handle.db
    .insertInto("settlements")
    .values({
      contract_id: contractId,
      member_id: memberId,
      kind,
      period_start: startAt,
      window_start: startAt,
      window_end: new Date(startAt.getTime() + 86_400_000),
      valid_bet: figures.validBet,
      profit_loss: -figures.base,
      active_members: 2,
      base: figures.base,
      amount: figures.amount,
    })
    .execute();
}

beforeAll(async () => {
  handle = await createTestDatabase();
  ids.A = await insertAgent(handle.db);
  ids.A2 = await insertAgent(handle.db, { parentId: ids.A, agentRate: 3000 });
  ids.A3 = await insertAgent(handle.db, { parentId: ids.A2 });
  ids.m = await insertMember(handle.db, { parentId: ids.A });
  ids.B = await insertAgent(handle.db);
  ids.B2 = await insertAgent(handle.db, { parentId: ids.B });
  // A's own, in and out of the window and of the kind.
  await insertSettlement(ids.A, "DAILY", "2024-03-02T00:00:00Z", {
    validBet: 1000n,
    base: 1000n,
    amount: 15n,
  });
  await insertSettlement(ids.A, "DAILY", "2024-03-07T23:00:00Z", {
    validBet: 2000n,
    base: 2000n,
    amount: 30n,
  });
  await insertSettlement(ids.A, "DAILY", "2024-03-08T00:00:00Z", {
    validBet: 9999n,
    base: 9999n,
    amount: 99n,
  });
  await insertSettlement(ids.A, "HOURLY", "2024-03-03T00:00:00Z", {
    validBet: 7777n,
    base: 7777n,
    amount: 77n,
  });
  // A's team (two depths).
  await insertSettlement(ids.A2, "DAILY", "2024-03-03T00:00:00Z", {
    validBet: 500n,
    base: 500n,
    amount: 5n,
  });
  await insertSettlement(ids.A3, "DAILY", "2024-03-04T00:00:00Z", {
    validBet: 300n,
    base: 300n,
    amount: 3n,
  });
  // B's tree: never A's.
  await insertSettlement(ids.B, "DAILY", "2024-03-03T00:00:00Z", {
    validBet: 4000n,
    base: 4000n,
    amount: 40n,
  });
  await insertSettlement(ids.B2, "DAILY", "2024-03-03T00:00:00Z", {
    validBet: 800n,
    base: 800n,
    amount: 8n,
  });
});
afterAll(() => handle.close());

const accountOf = async (id: string) =>
  (
    await handle.db
      .selectFrom("members")
      .select("account")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).account;

describe("contract candidates", () => {
  it("are the agent's direct downline agents only, with their own rates", async () => {
    const candidates = await contractCandidates(handle.db, ids.A, sets);
    expect(candidates).toEqual([
      { id: ids.A2, account: await accountOf(ids.A2), nickname: null, agentRate: 3000 },
    ]);
    expect(
      (await contractCandidates(handle.db, ids.B, sets)).map((candidate) => candidate.id),
    ).toEqual([ids.B2]);
    expect(await contractCandidates(handle.db, ids.A3, sets)).toEqual([]);
  });

  it("leave out a disabled agent", async () => {
    const parked = await insertAgent(handle.db, { parentId: ids.B });
    await handle.db
      .updateTable("members")
      .set({ status: "disabled" })
      .where("id", "=", parked)
      .execute();
    expect(
      (await contractCandidates(handle.db, ids.B, sets)).map((candidate) => candidate.id),
    ).toEqual([ids.B2]);
  });
});

describe("settlement records", () => {
  const page = { page: 1, pageSize: 20 };

  it("mine: the agent's own settlements of the kind whose period starts in the window, newest first, with totals", async () => {
    const records = await settlementRecords(handle.db, ids.A, {
      kind: "DAILY",
      scope: "mine",
      window,
      ...page,
    });
    expect(records.total).toBe(2);
    expect(records.rows.map((row) => row.periodStart)).toEqual([
      "2024-03-07T23:00:00.000Z",
      "2024-03-02T00:00:00.000Z",
    ]);
    expect(records.totals).toEqual({
      validBet: "3000",
      profitLoss: "-3000",
      base: "3000",
      amount: "45",
    });
    expect(records.rows[0]).toMatchObject({
      account: await accountOf(ids.A),
      validBet: "2000",
      profitLoss: "-2000",
      activeMembers: 2,
      base: "2000",
      amount: "30",
      entryId: null,
    });
  });

  it("team: every depth of the agent's downline, never itself or another tree", async () => {
    const records = await settlementRecords(handle.db, ids.A, {
      kind: "DAILY",
      scope: "team",
      window,
      ...page,
    });
    expect(records.rows.map((row) => row.account).sort()).toEqual(
      [await accountOf(ids.A2), await accountOf(ids.A3)].sort(),
    );
    expect(records.totals).toEqual({
      validBet: "800",
      profitLoss: "-800",
      base: "800",
      amount: "8",
    });
    // A sub-agent's team is its own downline only.
    const sub = await settlementRecords(handle.db, ids.A2, {
      kind: "DAILY",
      scope: "team",
      window,
      ...page,
    });
    expect(sub.rows.map((row) => row.account)).toEqual([await accountOf(ids.A3)]);
  });

  it("an account filter narrows within the scope only: another tree's account finds nothing", async () => {
    const a3 = await settlementRecords(handle.db, ids.A, {
      kind: "DAILY",
      scope: "team",
      window,
      account: (await accountOf(ids.A3)).toUpperCase(),
      ...page,
    });
    expect(a3.rows.map((row) => row.amount)).toEqual(["3"]);
    expect(a3.totals.amount).toBe("3");
    const foreign = await settlementRecords(handle.db, ids.A, {
      kind: "DAILY",
      scope: "team",
      window,
      account: await accountOf(ids.B2),
      ...page,
    });
    expect(foreign).toMatchObject({
      total: 0,
      rows: [],
      totals: { validBet: "0", base: "0", amount: "0" },
    });
  });

  it("pages keep the totals of the whole filter; the CSV rows are the same rows", async () => {
    const second = await settlementRecords(handle.db, ids.A, {
      kind: "DAILY",
      scope: "mine",
      window,
      page: 2,
      pageSize: 1,
    });
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: 2 });
    expect(second.rows.map((row) => row.amount)).toEqual(["15"]);
    expect(second.totals.amount).toBe("45");
    const csv = await settlementRows(
      handle.db,
      ids.A,
      { kind: "DAILY", scope: "mine", window },
      1000,
    );
    expect(csv.map((row) => row.amount)).toEqual(["30", "15"]);
  });

  it("keep to the page's kind", async () => {
    const hourly = await settlementRecords(handle.db, ids.A, {
      kind: "HOURLY",
      scope: "mine",
      window,
      ...page,
    });
    expect(hourly.totals.amount).toBe("77");
    expect(hourly.total).toBe(1);
  });
});
