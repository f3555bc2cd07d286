import { sql } from "kysely";
import { getConfig } from "~/config.server";
import { cacheFor } from "../cache.server";
import { WINNER_BOARD_LIMIT } from "./categories";
import type { Database } from "../db/open.server";

export interface WinnerEntry {
  rank: number;
  customerName: string;
  /** Minor units as a decimal string (bigint in SQL). */
  winAmount: string;
  nodeId: number;
  gameName: string;
  vassalage: string;
  category: string;
}

/** "Recent" wins: settled within this many days. */
export const WINNER_WINDOW_DAYS = 7;
/** The board is read on every lobby view; a few seconds of staleness costs nothing, a query per view would. */
const WINNERS_TTL_MS = 10_000;

type WinnerQuery = { language: string; category?: string | null; limit?: number; now?: Date };

/**
 * A member's account as the public board shows it: the first and last two
 * characters around asterisks ("player01" → "pl***01"); short names keep less.
 */
export function maskCustomerName(account: string): string {
  const chars = [...account];
  const keep = chars.length >= 6 ? 2 : chars.length >= 3 ? 1 : 0;
  if (keep === 0) return `${chars[0] ?? ""}***`;
  return `${chars.slice(0, keep).join("")}***${chars.slice(-keep).join("")}`;
}

/**
 * The winner board (getRankList, limit 20) from real bets: the
 * biggest payouts of rounds settled in the last week, optionally in one
 * category; cached briefly.
 */
export function listWinners(db: Database, query: WinnerQuery): Promise<WinnerEntry[]> {
  const key = `${query.language}|${query.category ?? ""}|${query.limit ?? ""}`;
  const ttl = () => Math.min(getConfig().CACHE_TTL_MS, WINNERS_TTL_MS);
  return cacheFor<WinnerEntry[]>(db, "winners", ttl).get(key, () => readWinners(db, query));
}

async function readWinners(db: Database, query: WinnerQuery): Promise<WinnerEntry[]> {
  const since = new Date((query.now ?? new Date()).getTime() - WINNER_WINDOW_DAYS * 86_400_000);
  const limit = Math.min(Math.max(1, query.limit ?? WINNER_BOARD_LIMIT), WINNER_BOARD_LIMIT);
  const rows = await db
    .selectFrom("bets")
    .innerJoin("members", "members.id", "bets.member_id")
    // Only rounds on a game of the catalog: a row launches its game.
    .innerJoin("games", "games.node_id", "bets.node_id")
    .select([
      "members.account",
      "bets.payout",
      "bets.category",
      "games.node_id",
      "games.vassalage",
      sql<string>`coalesce(games.names ->> ${query.language}, games.name)`.as("game_name"),
    ])
    .where("bets.status", "=", "settled")
    .where("bets.payout", ">", "0")
    .where("bets.settled_at", ">=", since)
    .where("games.enabled", "=", true)
    .$if(Boolean(query.category), (qb) => qb.where("bets.category", "=", query.category!))
    .orderBy("bets.payout", "desc")
    .orderBy("bets.settled_at", "desc")
    .orderBy("bets.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row, index) => ({
    rank: index + 1,
    customerName: maskCustomerName(row.account),
    winAmount: row.payout,
    nodeId: row.node_id,
    gameName: row.game_name,
    vassalage: row.vassalage,
    category: row.category,
  }));
}
