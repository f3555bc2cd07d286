import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  endHouseContract,
  grantHouseContract,
  listTopAgents,
  setAgentRate,
  topAgentDetail,
} from "~/platform/agency/house-contracts.server";
import { settleDueContracts } from "~/platform/agency/settlement.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import { insertAgent, insertHouseContract, insertSettledBet } from "../../helpers/agency";
import { createTestDatabase } from "../../helpers/database";
import { insertMember } from "../../helpers/wallet";

/** The house's side of the contract tree: top agents' own rates and the contracts the house grants them. */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const sets = { agentTypes: [1, 2, 41, 42], trialTypes: [] };
const context = { ip: "203.0.113.9", userAgent: "vitest" };
const HOUR = 3_600_000;

async function operator() {
  return insertMember(handle.db, { type: 9 });
}

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  const reason = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(reason).toBeInstanceOf(PlatformError);
  return reason as PlatformError;
}

const contract = (id: string) =>
  handle.db.selectFrom("contracts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const auditRows = (memberId: string) =>
  handle.db
    .selectFrom("audit_log")
    .select(["event", "detail", "ip"])
    .where("member_id", "=", memberId)
    .orderBy("id")
    .execute();
const account = async (id: string) =>
  (
    await handle.db
      .selectFrom("members")
      .select("account")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).account;

describe("house contracts", () => {
  it("lists top agents only (no sub-agents, no plain members), with rate and active house contracts, searchable and paged", async () => {
    const top = await insertAgent(handle.db, { agentRate: 4000 });
    const sub = await insertAgent(handle.db, { parentId: top, agentRate: 1000 });
    const member = await insertMember(handle.db, {});
    // An agent type under a plain member is still a top agent: no agent above it.
    const underMember = await insertMember(handle.db, { type: 2, parentId: member });
    await insertHouseContract(handle.db, {
      memberId: top,
      kind: "DAILY",
      terms: { rate: 100, minValidBet: 0 },
    });
    const all = await listTopAgents(handle.db, sets, { page: 1, pageSize: 1000 });
    const ids = all.agents.map((agent) => agent.id);
    expect(ids).toContain(top);
    expect(ids).toContain(underMember);
    expect(ids).not.toContain(sub);
    expect(ids).not.toContain(member);
    const row = all.agents.find((agent) => agent.id === top)!;
    expect(row.agentRate).toBe(4000);
    expect(row.contracts.map((c) => [c.kind, c.terms])).toEqual([
      ["DAILY", { rate: 100, minValidBet: 0 }],
    ]);

    const found = await listTopAgents(handle.db, sets, {
      search: (await account(top)).toUpperCase(),
      page: 1,
      pageSize: 10,
    });
    expect(found.agents.map((agent) => agent.id)).toEqual([top]);
    expect(found.total).toBe(1);
    expect(
      (await listTopAgents(handle.db, sets, { search: "%", page: 1, pageSize: 10 })).total,
    ).toBe(0);
    const page2 = await listTopAgents(handle.db, sets, { page: 2, pageSize: 1 });
    expect(page2.agents).toHaveLength(1);
    expect(page2.total).toBe(all.total);
  });

  it("sets a top agent's rate, never below its direct downline agents', and audits it; sub-agents and members are not_found", async () => {
    const ops = await operator();
    const top = await insertAgent(handle.db, { agentRate: 4000 });
    const sub = await insertAgent(handle.db, { parentId: top, agentRate: 2500 });
    const member = await insertMember(handle.db, {});
    await setAgentRate(handle.db, ops, top, 3000, sets, context);
    expect((await topAgentDetail(handle.db, sets, top)).agentRate).toBe(3000);
    const below = await failure(setAgentRate(handle.db, ops, top, 2499, sets, context));
    expect(below.code).toBe("agent_rate_below_downline");
    expect(below.details.rate).toBe(2500);
    await setAgentRate(handle.db, ops, top, 2500, sets, context);
    for (const id of [sub, member, "999999999", "x"])
      expect((await failure(setAgentRate(handle.db, ops, id, 100, sets, context))).code).toBe(
        "not_found",
      );
    expect((await topAgentDetail(handle.db, sets, top)).agentRate).toBe(2500);
    expect(
      (
        await handle.db
          .selectFrom("members")
          .select("agent_rate")
          .where("id", "=", sub)
          .executeTakeFirstOrThrow()
      ).agent_rate,
    ).toBe(2500);
    const rows = await auditRows(top);
    expect(rows.map((row) => [row.event, row.detail])).toEqual([
      ["agent_rate_set", { operatorId: ops, from: 4000, to: 3000 }],
      ["agent_rate_set", { operatorId: ops, from: 3000, to: 2500 }],
    ]);
    expect(rows[0]?.ip).toBe(context.ip);
  });

  it("grants a contract active at once, replacing the current one of the kind; caps rates at the agent's rate; refuses non-top agents", async () => {
    const ops = await operator();
    const top = await insertAgent(handle.db, { agentRate: 4000 });
    const sub = await insertAgent(handle.db, { parentId: top, agentRate: 1000 });
    const old = await insertHouseContract(handle.db, {
      memberId: top,
      kind: "DAILY",
      terms: { rate: 100, minValidBet: 0 },
    });
    const hourly = await insertHouseContract(handle.db, {
      memberId: top,
      kind: "HOURLY",
      terms: { rate: 50, minValidBet: 0 },
    });
    const now = new Date("2026-03-01T10:00:00Z");
    const granted = await grantHouseContract(
      handle.db,
      ops,
      { memberId: top, kind: "DAILY", period: null, terms: { rate: 4000, minValidBet: 500 } },
      sets,
      context,
      now,
    );
    expect(granted).toMatchObject({
      status: "active",
      upline_id: null,
      downline_id: top,
      replaces_id: old,
    });
    expect(new Date(granted.decided_at!).getTime()).toBe(now.getTime());
    expect(new Date(granted.settled_until!).getTime()).toBe(now.getTime());
    expect(await contract(old)).toMatchObject({ status: "terminated", ended_by: "upline" });
    expect((await contract(hourly)).status).toBe("active");

    const over = await failure(
      grantHouseContract(
        handle.db,
        ops,
        { memberId: top, kind: "DAILY", period: null, terms: { rate: 4001, minValidBet: 0 } },
        sets,
        context,
      ),
    );
    expect(over.code).toBe("contract_rate_above_agent_rate");
    expect(over.details.rate).toBe(4000);
    const realtime = {
      memberId: top,
      kind: "REALTIME" as const,
      period: null,
      terms: { profitRate: 100, lossRate: 4500, minSingleBet: 0 },
    };
    expect((await failure(grantHouseContract(handle.db, ops, realtime, sets, context))).code).toBe(
      "contract_rate_above_agent_rate",
    );
    expect(
      (
        await failure(
          grantHouseContract(
            handle.db,
            ops,
            {
              memberId: top,
              kind: "DIVIDEND",
              period: null,
              terms: { rate: 1, minValidBet: 0, minProfitLoss: 0, minActiveMembers: 0 },
            },
            sets,
            context,
          ),
        )
      ).code,
    ).toBe("contract_period");
    expect(
      (
        await failure(
          grantHouseContract(
            handle.db,
            ops,
            { memberId: top, kind: "DAILY", period: null, terms: { rate: -1 } },
            sets,
            context,
          ),
        )
      ).code,
    ).toBe("contract_terms");
    expect(
      (
        await failure(
          grantHouseContract(
            handle.db,
            ops,
            { memberId: sub, kind: "DAILY", period: null, terms: { rate: 1, minValidBet: 0 } },
            sets,
            context,
          ),
        )
      ).code,
    ).toBe("not_found");
    // Nothing changed by the refusals: one active DAILY, the granted one.
    const daily = await handle.db
      .selectFrom("contracts")
      .select("id")
      .where("downline_id", "=", top)
      .where("kind", "=", "DAILY")
      .where("status", "=", "active")
      .execute();
    expect(daily.map((row) => row.id)).toEqual([granted.id]);
    const dividend = await grantHouseContract(
      handle.db,
      ops,
      {
        memberId: top,
        kind: "DIVIDEND",
        period: "M",
        terms: { rate: 3000, minValidBet: 0, minProfitLoss: 0, minActiveMembers: 2 },
      },
      sets,
      context,
    );
    expect(dividend.period).toBe("M");
    const rows = await auditRows(top);
    expect(rows.map((row) => row.event)).toEqual([
      "house_contract_granted",
      "house_contract_granted",
    ]);
    expect(rows[0]?.detail).toMatchObject({
      operatorId: ops,
      contractId: granted.id,
      kind: "DAILY",
      rates: [4000],
      replaced: old,
    });
    const detail = await topAgentDetail(handle.db, sets, top);
    expect(detail.contracts.map((c) => c.kind).sort()).toEqual(["DAILY", "DIVIDEND", "HOURLY"]);
    expect(detail.downlineRate).toBe(1000);
  });

  it("ends a house contract (by the upline) once; agents' own contracts are not the house's to end", async () => {
    const ops = await operator();
    const top = await insertAgent(handle.db, { agentRate: 4000 });
    const granted = await grantHouseContract(
      handle.db,
      ops,
      { memberId: top, kind: "HOURLY", period: null, terms: { rate: 10, minValidBet: 0 } },
      sets,
      context,
    );
    await endHouseContract(handle.db, ops, granted.id, context);
    expect(await contract(granted.id)).toMatchObject({ status: "terminated", ended_by: "upline" });
    // A doubled submit changes nothing and audits nothing more.
    await endHouseContract(handle.db, ops, granted.id, context);
    expect((await auditRows(top)).map((row) => row.event)).toEqual([
      "house_contract_granted",
      "house_contract_ended",
    ]);
    const sub = await insertAgent(handle.db, { parentId: top });
    const agentsOwn = await handle.db
      .insertInto("contracts")
      .values({
        kind: "DAILY",
        upline_id: top,
        downline_id: sub,
        terms: JSON.stringify({ rate: 1, minValidBet: 0 }),
        status: "active",
        offered_at: new Date(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await failure(endHouseContract(handle.db, ops, agentsOwn.id, context))).code).toBe(
      "not_found",
    );
    expect((await failure(endHouseContract(handle.db, ops, "abc", context))).code).toBe(
      "not_found",
    );
    expect((await contract(agentsOwn.id)).status).toBe("active");
  });

  it("settlement pays the granted contract for the team's bets after the grant", async () => {
    const ops = await operator();
    const top = await insertAgent(handle.db, { agentRate: 5000 });
    const player = await insertMember(handle.db, { parentId: top });
    const grantedAt = new Date("2026-04-10T03:00:00Z");
    const old = await insertHouseContract(handle.db, {
      memberId: top,
      kind: "DAILY",
      terms: { rate: 10, minValidBet: 0 },
      since: new Date(grantedAt.getTime() - 48 * HOUR),
    });
    const granted = await grantHouseContract(
      handle.db,
      ops,
      { memberId: top, kind: "DAILY", period: null, terms: { rate: 200, minValidBet: 0 } },
      sets,
      context,
      grantedAt,
    );
    await insertSettledBet(handle.db, player, {
      stake: 50_000n,
      payout: 0n,
      at: new Date(grantedAt.getTime() + 26 * HOUR),
    });
    await settleDueContracts(handle.db, "UTC", new Date(grantedAt.getTime() + 72 * HOUR));
    const rows = await handle.db
      .selectFrom("settlements")
      .select(["contract_id", "amount", "valid_bet"])
      .where("member_id", "=", top)
      .execute();
    const paid = rows.filter((row) => BigInt(row.amount) > 0n);
    // 2 % of the 500.00 valid bet, to the new contract only.
    expect(paid.map((row) => [row.contract_id, String(row.amount)])).toEqual([
      [granted.id, "1000"],
    ]);
    expect(
      rows.filter((row) => row.contract_id === old).every((row) => BigInt(row.amount) === 0n),
    ).toBe(true);
  });
});
