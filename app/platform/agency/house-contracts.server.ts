import { sql } from "kysely";
import { lockContracts, termsOf } from "./contracts.server";
import { ratesOf, termsSchemas, withinCap, type ContractTerms } from "./terms";
import { audit, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import type { Contract, ContractKind, ContractPeriod } from "../db/schema";
import { inTransaction, type Executor } from "../db/transaction.server";
import { PlatformError } from "../errors";
import type { TypeSets } from "../identity/member-types";

/**
 * The house's side of the contract tree: a top agent (an agent
 * type with no upline agent above it) holds its contracts from the house
 * (upline_id null), which an operator grants and ends in the back office,
 * and the operator sets every top agent's own rate. Everything below a top
 * agent stays with the agents themselves (contracts.server.ts).
 */

export interface HouseContractView {
  id: string;
  kind: ContractKind;
  period: ContractPeriod | null;
  terms: ContractTerms;
  decidedAt: string | null;
}

export interface TopAgentView {
  id: string;
  account: string;
  status: string;
  agentRate: number | null;
  contracts: HouseContractView[];
}

const isId = (value: string) => /^\d{1,18}$/.test(value);

/** Members of an agent type whose upline is missing or is no agent. */
function topAgents(db: Executor, sets: TypeSets) {
  const agentTypes = [...sets.agentTypes];
  return db
    .selectFrom("members as m")
    .leftJoin("members as up", "up.id", "m.parent_id")
    .where("m.type", "in", agentTypes)
    .where((eb) => eb.or([eb("m.parent_id", "is", null), eb("up.type", "not in", agentTypes)]));
}

async function houseContractsOf(
  db: Executor,
  memberIds: string[],
): Promise<Map<string, HouseContractView[]>> {
  const byMember = new Map<string, HouseContractView[]>();
  if (memberIds.length === 0) return byMember;
  const rows = await db
    .selectFrom("contracts")
    .select(["id", "kind", "period", "terms", "decided_at", "downline_id"])
    .where("downline_id", "in", memberIds)
    .where("upline_id", "is", null)
    .where("status", "=", "active")
    .orderBy("id")
    .execute();
  for (const row of rows) {
    const list = byMember.get(row.downline_id) ?? [];
    list.push({
      id: row.id,
      kind: row.kind,
      period: row.period,
      terms: termsOf(row),
      decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    });
    byMember.set(row.downline_id, list);
  }
  return byMember;
}

/** "%" and "_" typed into the search are letters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The top agents, by account, with their own rate and active house contracts; `search` matches part of the account. */
export async function listTopAgents(
  db: Database,
  sets: TypeSets,
  options: { search?: string; page: number; pageSize: number },
) {
  let query = topAgents(db, sets);
  const search = options.search?.trim();
  if (search)
    query = query.where(sql<boolean>`lower(m.account) like ${likePattern(search.toLowerCase())}`);
  const [{ total }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow(),
    query
      .select(["m.id", "m.account", "m.status", "m.agent_rate"])
      .orderBy("m.account")
      .limit(options.pageSize)
      .offset((Math.max(1, options.page) - 1) * options.pageSize)
      .execute(),
  ]);
  const contracts = await houseContractsOf(
    db,
    rows.map((row) => row.id),
  );
  const agents: TopAgentView[] = rows.map((row) => ({
    id: row.id,
    account: row.account,
    status: row.status,
    agentRate: row.agent_rate,
    contracts: contracts.get(row.id) ?? [],
  }));
  return { agents, total: Number(total) };
}

/** One top agent by id, or `not_found` (malformed ids, other members and sub-agents alike). */
async function requireTopAgent(db: Executor, sets: TypeSets, memberId: string) {
  if (!isId(memberId)) throw new PlatformError("not_found");
  const row = await topAgents(db, sets)
    .select(["m.id", "m.account", "m.status", "m.agent_rate"])
    .where("m.id", "=", memberId)
    .executeTakeFirst();
  if (!row) throw new PlatformError("not_found");
  return row;
}

/** The highest own rate among the agent's direct downline agents (0 when it has none). */
async function highestDownlineRate(
  db: Executor,
  sets: TypeSets,
  memberId: string,
): Promise<number> {
  const row = await db
    .selectFrom("members")
    .select((eb) => eb.fn.max("agent_rate").as("rate"))
    .where("parent_id", "=", memberId)
    .where("type", "in", [...sets.agentTypes])
    .executeTakeFirst();
  return Number(row?.rate ?? 0);
}

/** What the back office shows of one top agent: the list row plus the floor its rate may not go below. */
export async function topAgentDetail(db: Database, sets: TypeSets, memberId: string) {
  const row = await requireTopAgent(db, sets, memberId);
  const [contracts, downlineRate] = await Promise.all([
    houseContractsOf(db, [row.id]),
    highestDownlineRate(db, sets, row.id),
  ]);
  const agent: TopAgentView = {
    id: row.id,
    account: row.account,
    status: row.status,
    agentRate: row.agent_rate,
    contracts: contracts.get(row.id) ?? [],
  };
  return { ...agent, downlineRate };
}

/**
 * Sets a top agent's own rate (basis points). It may not drop below the
 * rate of any of its direct downline agents: an agent never holds less than
 * the agents it recruited.
 */
export async function setAgentRate(
  db: Database,
  operatorId: string,
  memberId: string,
  rateBps: number,
  sets: TypeSets,
  context: AuditContext,
) {
  if (!Number.isInteger(rateBps) || rateBps < 0 || rateBps > 10_000)
    throw new PlatformError("agent_rate_format");
  const agent = await inTransaction(db, async (trx) => {
    const row = await requireTopAgent(trx, sets, memberId);
    // The agent's row lock orders this against its downline agents' own changes and contract offers.
    await trx.selectFrom("members").select("id").where("id", "=", row.id).forUpdate().execute();
    const floor = await highestDownlineRate(trx, sets, row.id);
    if (rateBps < floor) throw new PlatformError("agent_rate_below_downline", { rate: floor });
    await trx
      .updateTable("members")
      .set({ agent_rate: rateBps })
      .where("id", "=", row.id)
      .execute();
    return row;
  });
  await audit(db, "agent_rate_set", context, {
    memberId: agent.id,
    account: agent.account,
    detail: { operatorId, from: agent.agent_rate, to: rateBps },
  });
}

export interface HouseGrant {
  memberId: string;
  kind: ContractKind;
  period: ContractPeriod | null;
  terms: unknown;
}

/**
 * The house grants a top agent a contract of a kind. It is active at once
 * (nothing to accept: the operator acts for the house and the agent's own
 * rate is the cap) and replaces the agent's current house contract of that
 * kind, which ends as terminated by the upline.
 */
export async function grantHouseContract(
  db: Database,
  operatorId: string,
  grant: HouseGrant,
  sets: TypeSets,
  context: AuditContext,
  now = new Date(),
): Promise<Contract> {
  const parsed = termsSchemas[grant.kind]?.safeParse(grant.terms);
  if (!parsed?.success) throw new PlatformError("contract_terms");
  const terms: ContractTerms = parsed.data;
  if ((grant.kind === "DIVIDEND") !== (grant.period !== null))
    throw new PlatformError("contract_period");
  const { contract, agent, replaced } = await inTransaction(db, async (trx) => {
    await requireTopAgent(trx, sets, grant.memberId);
    const current = await lockContracts(trx, grant.memberId, grant.kind);
    // Read after the lock: the rate an operator may have just changed.
    const agent = await requireTopAgent(trx, sets, grant.memberId);
    const cap = agent.agent_rate ?? 0;
    if (!withinCap(terms, cap))
      throw new PlatformError("contract_rate_above_agent_rate", { rate: cap });
    const active = current.find((row) => row.status === "active");
    if (active) {
      await trx
        .updateTable("contracts")
        .set({ status: "terminated", terminated_at: now, ended_by: "upline" })
        .where("id", "=", active.id)
        .execute();
    }
    const contract = await trx
      .insertInto("contracts")
      .values({
        kind: grant.kind,
        upline_id: null,
        downline_id: grant.memberId,
        period: grant.period,
        terms: JSON.stringify(terms),
        status: "active",
        offered_at: now,
        decided_at: now,
        settled_until: now,
        replaces_id: active?.id ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { contract, agent, replaced: active?.id ?? null };
  });
  await audit(db, "house_contract_granted", context, {
    memberId: agent.id,
    account: agent.account,
    detail: {
      operatorId,
      contractId: contract.id,
      kind: grant.kind,
      period: grant.period,
      rates: ratesOf(terms),
      replaced,
    },
  });
  return contract;
}

/** Ends an active house contract (terminated by the upline, the house). Ending it again is a doubled submit: nothing changes. */
export async function endHouseContract(
  db: Database,
  operatorId: string,
  contractId: string,
  context: AuditContext,
  now = new Date(),
): Promise<Contract> {
  if (!isId(contractId)) throw new PlatformError("not_found");
  const result = await inTransaction(db, async (trx) => {
    const found = await trx
      .selectFrom("contracts")
      .selectAll()
      .where("id", "=", contractId)
      .where("upline_id", "is", null)
      .executeTakeFirst();
    if (!found) throw new PlatformError("not_found");
    await lockContracts(trx, found.downline_id, found.kind);
    const contract = await trx
      .selectFrom("contracts")
      .selectAll()
      .where("id", "=", contractId)
      .executeTakeFirstOrThrow();
    if (contract.status === "terminated" && contract.ended_by === "upline")
      return { contract, ended: false };
    if (contract.status !== "active") throw new PlatformError("contract_state");
    const ended = await trx
      .updateTable("contracts")
      .set({ status: "terminated", terminated_at: now, ended_by: "upline" })
      .where("id", "=", contract.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { contract: ended, ended: true };
  });
  if (result.ended) {
    const member = await db
      .selectFrom("members")
      .select("account")
      .where("id", "=", result.contract.downline_id)
      .executeTakeFirst();
    await audit(db, "house_contract_ended", context, {
      memberId: result.contract.downline_id,
      account: member?.account ?? null,
      detail: { operatorId, contractId: result.contract.id, kind: result.contract.kind },
    });
  }
  return result.contract;
}
