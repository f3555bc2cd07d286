import { randomBytes } from "node:crypto";
import type { Database } from "~/platform/db/open.server";
import type { ContractKind, ContractPeriod } from "~/platform/db/schema";
import { insertMember } from "./wallet";

/** An agent (type 1 at the top, 2 below) with an own rate, under an optional upline. */
export async function insertAgent(
  db: Database,
  values: { parentId?: string; agentRate?: number } = {},
) {
  const id = await insertMember(db, { type: values.parentId ? 2 : 1, parentId: values.parentId });
  await db
    .updateTable("members")
    .set({ agent_rate: values.agentRate ?? 10_000 })
    .where("id", "=", id)
    .execute();
  return id;
}

/** A contract granted by the house (no upline) and active since `since`: a top agent's own rates. */
export async function insertHouseContract(
  db: Database,
  values: {
    memberId: string;
    kind: ContractKind;
    terms: Record<string, number>;
    period?: ContractPeriod;
    since?: Date;
  },
) {
  const since = values.since ?? new Date();
  const row = await db
    .insertInto("contracts")
    .values({
      kind: values.kind,
      upline_id: null,
      downline_id: values.memberId,
      period: values.kind === "DIVIDEND" ? (values.period ?? "D") : null,
      terms: JSON.stringify(values.terms),
      status: "active",
      offered_at: since,
      decided_at: since,
      settled_until: since,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A settled bet of the member (test data for reports and settlements; the seamless wallet is tested on its own). */
export async function insertSettledBet(
  db: Database,
  memberId: string,
  values: {
    stake: bigint;
    payout: bigint;
    at: Date;
    validBet?: bigint;
    category?: string;
    /** Another vendor's game (PG's "Test Slot" unless said), and what its provider sent. */
    game?: { vassalage: string; gameCode: string; gameName: string };
    detail?: Record<string, unknown>;
  },
) {
  const game = values.game ?? { vassalage: "PG", gameCode: "PG-0001", gameName: "Test Slot" };
  await db
    .insertInto("bets")
    .values({
      member_id: memberId,
      vassalage: game.vassalage,
      round_id: `r${randomBytes(8).toString("hex")}`,
      category: values.category ?? "RNG",
      game_code: game.gameCode,
      game_name: game.gameName,
      stake: values.stake,
      valid_bet: values.validBet ?? values.stake,
      payout: values.payout,
      status: "settled",
      placed_at: values.at,
      settled_at: values.at,
      detail: values.detail ? JSON.stringify(values.detail) : null,
    })
    .execute();
}
