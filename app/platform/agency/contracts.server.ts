import type { Transaction } from "kysely";
import { isLowerRate, parseTerms, ratesOf, withinCap, type ContractTerms } from "./terms";
import { requireDirectDownline } from "./tree.server";
import type { Database } from "../db/open.server";
import type { Contract, ContractKind, ContractPeriod, DB } from "../db/schema";
import { inTransaction, type Executor } from "../db/transaction.server";
import { PlatformError } from "../errors";
import { isAgentType, type TypeSets } from "../identity/member-types";

/**
 * Contracts: an upline offers one to a direct downline agent, who accepts,
 * rejects or terminates it. One active contract and one open offer per
 * downline and kind. Rates are capped twice: by the rates of the upline's own
 * contract of that kind (a sub-agent never grants more than it holds) and by
 * the downline's own agent rate. A lower-rate offer terminates the downline's
 * current contract, but only once the upline has confirmed it.
 */

export interface ContractOffer {
  uplineId: string;
  downlineId: string;
  kind: ContractKind;
  period: ContractPeriod | null;
  terms: unknown;
  /** The upline has seen that this offer ends the current contract. */
  confirmReplace: boolean;
}

export function termsOf(contract: Pick<Contract, "kind" | "terms">): ContractTerms {
  return parseTerms(contract.kind, contract.terms);
}

/** The member's active contract of a kind (the one its upline, or the house, granted it). */
export async function activeContract(db: Executor, memberId: string, kind: ContractKind) {
  return db
    .selectFrom("contracts")
    .selectAll()
    .where("downline_id", "=", memberId)
    .where("kind", "=", kind)
    .where("status", "=", "active")
    .executeTakeFirst();
}

/** Takes the row locks of a member's contracts of one kind, so two offers or decisions run one after the other. */
export async function lockContracts(trx: Transaction<DB>, memberId: string, kind: ContractKind) {
  await trx
    .selectFrom("members")
    .select("id")
    .where("id", "=", memberId)
    .forUpdate()
    .executeTakeFirst();
  return trx
    .selectFrom("contracts")
    .selectAll()
    .where("downline_id", "=", memberId)
    .where("kind", "=", kind)
    .where("status", "in", ["active", "offered"])
    .forUpdate()
    .execute();
}

/** The rates the member may grant (or accept) for a kind: its own active contract's. */
export async function ownRates(
  db: Executor,
  memberId: string,
  kind: ContractKind,
): Promise<number[] | null> {
  const own = await activeContract(db, memberId, kind);
  return own ? ratesOf(termsOf(own)) : null;
}

export async function offerContract(
  db: Database,
  offer: ContractOffer,
  sets: TypeSets,
  now = new Date(),
): Promise<Contract> {
  const downline = await requireDirectDownline(db, offer.uplineId, offer.downlineId);
  if (!isAgentType(downline.type, sets) || downline.status !== "active")
    throw new PlatformError("contract_downline_not_agent");
  const terms = parseTerms(offer.kind, offer.terms);
  if ((offer.kind === "DIVIDEND") !== (offer.period !== null))
    throw new PlatformError("contract_period");
  return inTransaction(db, async (trx) => {
    const own = await ownRates(trx, offer.uplineId, offer.kind);
    if (!own) throw new PlatformError("contract_no_own");
    if (!withinCap(terms, own)) throw new PlatformError("contract_rate_above_own", { rates: own });
    if (!withinCap(terms, downline.agent_rate ?? 0))
      throw new PlatformError("contract_rate_above_agent_rate", { rate: downline.agent_rate ?? 0 });
    const current = await lockContracts(trx, offer.downlineId, offer.kind);
    const active = current.find((row) => row.status === "active");
    let replaces: string | null = null;
    if (active) {
      if (isLowerRate(terms, termsOf(active))) {
        if (!offer.confirmReplace)
          throw new PlatformError("contract_lower_rate", { rates: ratesOf(termsOf(active)) });
        await trx
          .updateTable("contracts")
          .set({ status: "terminated", terminated_at: now, ended_by: "replaced" })
          .where("id", "=", active.id)
          .execute();
      }
      replaces = active.id;
    }
    const pending = current.find((row) => row.status === "offered");
    if (pending)
      await trx
        .updateTable("contracts")
        .set({ status: "withdrawn", decided_at: now })
        .where("id", "=", pending.id)
        .execute();
    return trx
      .insertInto("contracts")
      .values({
        kind: offer.kind,
        upline_id: offer.uplineId,
        downline_id: offer.downlineId,
        period: offer.period,
        terms: JSON.stringify(terms),
        offered_at: now,
        replaces_id: replaces,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** A contract addressed to the member (as its downline) in the given state, or `not_found`. */
async function lockOwnContract(trx: Transaction<DB>, memberId: string, contractId: string) {
  if (!/^\d{1,18}$/.test(contractId)) throw new PlatformError("not_found");
  const contract = await trx
    .selectFrom("contracts")
    .selectAll()
    .where("id", "=", contractId)
    .where("downline_id", "=", memberId)
    .executeTakeFirst();
  if (!contract) throw new PlatformError("not_found");
  await lockContracts(trx, memberId, contract.kind);
  return trx
    .selectFrom("contracts")
    .selectAll()
    .where("id", "=", contractId)
    .executeTakeFirstOrThrow();
}

export type ContractDecision = "accept" | "reject" | "terminate";

/**
 * The downline decides: accept or reject an open offer, terminate an active
 * contract. Deciding again what was already decided returns the contract as
 * it is (a doubled submit); anything else out of order is `contract_state`.
 */
export async function decideContract(
  db: Database,
  memberId: string,
  contractId: string,
  decision: ContractDecision,
  now = new Date(),
): Promise<Contract> {
  return inTransaction(db, async (trx) => {
    const contract = await lockOwnContract(trx, memberId, contractId);
    const done = { accept: "active", reject: "rejected", terminate: "terminated" } as const;
    if (contract.status === done[decision]) return contract;
    const expected = decision === "terminate" ? "active" : "offered";
    if (contract.status !== expected) throw new PlatformError("contract_state");
    if (decision === "accept") {
      // The upline's own rates may have dropped since it offered.
      if (contract.upline_id) {
        const own = await ownRates(trx, contract.upline_id, contract.kind);
        if (!own || !withinCap(termsOf(contract), own))
          throw new PlatformError("contract_rate_above_own", { rates: own ?? [] });
      }
      await trx
        .updateTable("contracts")
        .set({ status: "terminated", terminated_at: now, ended_by: "replaced" })
        .where("downline_id", "=", memberId)
        .where("kind", "=", contract.kind)
        .where("status", "=", "active")
        .execute();
    }
    const changes =
      decision === "accept"
        ? { status: "active" as const, decided_at: now, settled_until: now }
        : decision === "reject"
          ? { status: "rejected" as const, decided_at: now }
          : { status: "terminated" as const, terminated_at: now, ended_by: "downline" as const };
    return trx
      .updateTable("contracts")
      .set(changes)
      .where("id", "=", contract.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** The upline takes back an offer not yet decided. */
export async function withdrawOffer(
  db: Database,
  uplineId: string,
  contractId: string,
  now = new Date(),
): Promise<void> {
  if (!/^\d{1,18}$/.test(contractId)) throw new PlatformError("not_found");
  const result = await db
    .updateTable("contracts")
    .set({ status: "withdrawn", decided_at: now })
    .where("id", "=", contractId)
    .where("upline_id", "=", uplineId)
    .where("status", "=", "offered")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const mine = await db
      .selectFrom("contracts")
      .select("status")
      .where("id", "=", contractId)
      .where("upline_id", "=", uplineId)
      .executeTakeFirst();
    if (!mine) throw new PlatformError("not_found");
    if (mine.status !== "withdrawn") throw new PlatformError("contract_state");
  }
}

export interface ContractView {
  id: string;
  kind: ContractKind;
  period: ContractPeriod | null;
  terms: ContractTerms;
  status: Contract["status"];
  endedBy: Contract["ended_by"];
  uplineAccount: string | null;
  downlineId: string;
  downlineAccount: string;
  offeredAt: string;
  decidedAt: string | null;
  terminatedAt: string | null;
}

function contractRows(db: Database) {
  return db
    .selectFrom("contracts as c")
    .innerJoin("members as down", "down.id", "c.downline_id")
    .leftJoin("members as up", "up.id", "c.upline_id")
    .select([
      "c.id",
      "c.kind",
      "c.period",
      "c.terms",
      "c.status",
      "c.ended_by",
      "c.offered_at",
      "c.decided_at",
      "c.terminated_at",
      "c.downline_id",
      "down.account as downline_account",
      "up.account as upline_account",
    ]);
}

function toView(
  row: Awaited<ReturnType<ReturnType<typeof contractRows>["execute"]>>[number],
): ContractView {
  return {
    id: row.id,
    kind: row.kind,
    period: row.period,
    terms: parseTerms(row.kind, row.terms),
    status: row.status,
    endedBy: row.ended_by,
    uplineAccount: row.upline_account,
    downlineId: row.downline_id,
    downlineAccount: row.downline_account,
    offeredAt: new Date(row.offered_at).toISOString(),
    decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    terminatedAt: row.terminated_at ? new Date(row.terminated_at).toISOString() : null,
  };
}

/**
 * What a contract page shows for one kind: the agent's own contract and any
 * offer waiting for it, and the contracts it granted its downline (active and
 * offered, newest first) with the rates it may grant.
 */
export async function contractsOverview(db: Database, agentId: string, kind: ContractKind) {
  const [mine, granted] = await Promise.all([
    contractRows(db)
      .where("c.downline_id", "=", agentId)
      .where("c.kind", "=", kind)
      .where("c.status", "in", ["active", "offered"])
      .orderBy("c.id", "desc")
      .execute(),
    contractRows(db)
      .where("c.upline_id", "=", agentId)
      .where("c.kind", "=", kind)
      .where("c.status", "in", ["active", "offered"])
      .orderBy("c.id", "desc")
      .limit(200)
      .execute(),
  ]);
  const held = mine.find((row) => row.status === "active");
  return {
    held: held ? toView(held) : null,
    offer: mine.filter((row) => row.status === "offered").map(toView)[0] ?? null,
    granted: granted.map(toView),
    grantable: held ? ratesOf(parseTerms(kind, held.terms)) : null,
  };
}

/**
 * Consolidated contract info: per kind, whether the agent holds a
 * contract (…info) and whether a new contract request (an offer) waits for
 * its answer (…req). The agent centre's menu and pages follow it.
 */
export interface ConsolidatedContractInfo {
  divtypeinfo: boolean;
  divtypereq: boolean;
  dailysalinfotype: boolean;
  dailysalreqtype: boolean;
  contracthoursalinfo: boolean;
  contracthoursalreq: boolean;
  contractmrdailysalinfotype: boolean;
  realtimesalreqtype: boolean;
}

export async function consolidatedContractInfo(
  db: Database,
  agentId: string,
): Promise<ConsolidatedContractInfo> {
  const rows = await db
    .selectFrom("contracts")
    .select(["kind", "status"])
    .where("downline_id", "=", agentId)
    .where("status", "in", ["active", "offered"])
    .execute();
  const has = (kind: ContractKind, status: "active" | "offered") =>
    rows.some((row) => row.kind === kind && row.status === status);
  return {
    divtypeinfo: has("DIVIDEND", "active"),
    divtypereq: has("DIVIDEND", "offered"),
    dailysalinfotype: has("DAILY", "active"),
    dailysalreqtype: has("DAILY", "offered"),
    contracthoursalinfo: has("HOURLY", "active"),
    contracthoursalreq: has("HOURLY", "offered"),
    contractmrdailysalinfotype: has("REALTIME", "active"),
    realtimesalreqtype: has("REALTIME", "offered"),
  };
}

export async function findContractView(db: Database, contractId: string) {
  const row = await contractRows(db).where("c.id", "=", contractId).executeTakeFirst();
  return row ? toView(row) : null;
}
