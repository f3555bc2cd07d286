import { sql } from "kysely";
import { inDownline } from "./tree.server";
import type { Database } from "../db/open.server";
import type { ContractKind } from "../db/schema";
import type { TypeSets } from "../identity/member-types";
import {
  recordPage,
  sumText,
  type Paging,
  type RecordPage,
  type RecordWindow,
} from "../wallet/records.server";

/**
 * The queries of the agent centre's contract pages (dividends, daily wages,
 * hourly and real-time salary) besides the contracts themselves
 * (contracts.server.ts): whom the agent may offer a contract, and the
 * settlement records of the kind. Both start from the session's agent and
 * go through the tree, so nothing outside its downline is ever read.
 */

export interface ContractCandidate {
  id: string;
  account: string;
  nickname: string | null;
  /** The downline's own rate (basis points): no contract it holds may carry more. */
  agentRate: number | null;
}

/** The agent's direct downline agents (active), the only members it may offer a contract. */
export async function contractCandidates(
  db: Database,
  agentId: string,
  sets: TypeSets,
): Promise<ContractCandidate[]> {
  const rows = await db
    .selectFrom("agent_paths as p")
    .innerJoin("members as m", "m.id", "p.descendant")
    .select(["m.id", "m.account", "m.nickname", "m.agent_rate"])
    .where("p.ancestor", "=", agentId)
    .where("p.depth", "=", 1)
    .where("m.type", "in", sets.agentTypes.length ? [...sets.agentTypes] : [-1])
    .where("m.status", "=", "active")
    .orderBy("m.account")
    .limit(1000)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    account: row.account,
    nickname: row.nickname,
    agentRate: row.agent_rate,
  }));
}

/** Whose settlements: the agent's own, or its team's (every downline at any depth). */
export const SETTLEMENT_SCOPES = ["mine", "team"] as const;
export type SettlementScope = (typeof SETTLEMENT_SCOPES)[number];

export interface SettlementFilter extends Paging {
  kind: ContractKind;
  scope: SettlementScope;
  /** Periods starting in [from, to). */
  window: RecordWindow;
  /** One member of the scope, by account. */
  account?: string;
}

export interface SettlementRow {
  id: string;
  account: string;
  periodStart: string;
  windowStart: string;
  windowEnd: string;
  validBet: string;
  profitLoss: string;
  activeMembers: number;
  base: string;
  amount: string;
  /** The ledger entry that paid it; null when the period earned nothing. */
  entryId: string | null;
}

export interface SettlementTotals {
  validBet: string;
  profitLoss: string;
  base: string;
  amount: string;
}

function scopedSettlements(
  db: Database,
  agentId: string,
  filter: Omit<SettlementFilter, keyof Paging>,
) {
  let query = db
    .selectFrom("settlements as s")
    .innerJoin("members as m", "m.id", "s.member_id")
    .where("s.kind", "=", filter.kind)
    .where("s.period_start", ">=", filter.window.from)
    .where("s.period_start", "<", filter.window.to);
  query =
    filter.scope === "mine"
      ? query.where("s.member_id", "=", agentId)
      : query.where(inDownline(agentId, "s.member_id"));
  if (filter.account) query = query.where(sql`lower(m.account)`, "=", filter.account.toLowerCase());
  return query;
}

/** One page of the settlements in scope, newest period first, with the totals of the whole filter. */
export async function settlementRecords(
  db: Database,
  agentId: string,
  filter: SettlementFilter,
): Promise<RecordPage<SettlementRow, SettlementTotals>> {
  return recordPage(
    filter,
    () =>
      scopedSettlements(db, agentId, filter)
        .select([
          (eb) => eb.fn.countAll<string>().as("count"),
          sumText(sql`s.valid_bet`).as("validBet"),
          sumText(sql`s.profit_loss`).as("profitLoss"),
          sumText(sql`s.base`).as("base"),
          sumText(sql`s.amount`).as("amount"),
        ])
        .executeTakeFirstOrThrow(),
    (limit, offset) => settlementRows(db, agentId, filter, limit, offset),
  );
}

/** The settlements in scope, newest period first (the page's rows, or a CSV export's with a row limit). */
export async function settlementRows(
  db: Database,
  agentId: string,
  filter: Omit<SettlementFilter, keyof Paging>,
  limit: number,
  offset = 0,
): Promise<SettlementRow[]> {
  const rows = await scopedSettlements(db, agentId, filter)
    .select([
      "s.id",
      "m.account",
      "s.period_start",
      "s.window_start",
      "s.window_end",
      sql<string>`s.valid_bet::text`.as("valid_bet"),
      sql<string>`s.profit_loss::text`.as("profit_loss"),
      "s.active_members",
      sql<string>`s.base::text`.as("base"),
      sql<string>`s.amount::text`.as("amount"),
      "s.entry_id",
    ])
    .orderBy("s.period_start", "desc")
    .orderBy("s.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    account: row.account,
    periodStart: new Date(row.period_start).toISOString(),
    windowStart: new Date(row.window_start).toISOString(),
    windowEnd: new Date(row.window_end).toISOString(),
    validBet: row.valid_bet,
    profitLoss: row.profit_loss,
    activeMembers: row.active_members,
    base: row.base,
    amount: row.amount,
    entryId: row.entry_id,
  }));
}
