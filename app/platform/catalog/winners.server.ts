import { sql } from "kysely";
import { getConfig } from "~/config.server";
import { cacheFor } from "../cache.server";
import type { Database } from "../db/open.server";
import { WINNER_BOARD_LIMIT } from "./categories";

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

type WinnerQuery = { language: string; category?: string | null; limit?: number };

/** The winner board (§7 getRankList): the biggest wins, optionally in one category; cached briefly. */
export function listWinners(db: Database, query: WinnerQuery): Promise<WinnerEntry[]> {
  const key = `${query.language}|${query.category ?? ""}|${query.limit ?? ""}`;
  return cacheFor<WinnerEntry[]>(db, "winners", () => getConfig().CACHE_TTL_MS).get(key, () => readWinners(db, query));
}

async function readWinners(db: Database, query: WinnerQuery): Promise<WinnerEntry[]> {
  let select = db
    .selectFrom("winner_board")
    .innerJoin("games", "games.node_id", "winner_board.node_id")
    .select([
      "winner_board.customer_name",
      "winner_board.win_amount",
      "winner_board.node_id",
      "winner_board.category",
      "games.vassalage",
      sql<string>`coalesce(games.names ->> ${query.language}, games.name)`.as("game_name"),
    ]);
  if (query.category) select = select.where("winner_board.category", "=", query.category);
  const limit = Math.min(Math.max(1, query.limit ?? WINNER_BOARD_LIMIT), WINNER_BOARD_LIMIT);
  const rows = await select
    .orderBy("winner_board.win_amount", "desc")
    .orderBy("winner_board.won_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row, index) => ({
    rank: index + 1,
    customerName: row.customer_name,
    winAmount: row.win_amount,
    nodeId: row.node_id,
    gameName: row.game_name,
    vassalage: row.vassalage,
    category: row.category,
  }));
}
