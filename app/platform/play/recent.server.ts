import { countRows, gameColumns, pageOfGames, type GamePage } from "../catalog/games.server";
import type { Database } from "../db/open.server";

/**
 * /recent (GCS_recentGame), from real plays: the member's distinct
 * games launched with real money, the most recently launched first. Free
 * trials (demo mode) are not plays of the member's money and do not count.
 */
export async function listRecentGames(
  db: Database,
  memberId: string,
  language: string,
  page: number,
  pageSize: number,
): Promise<GamePage> {
  const plays = db
    .selectFrom("game_sessions")
    .select((eb) => [
      "game_sessions.node_id",
      eb.fn.max("game_sessions.created_at").as("last_played"),
    ])
    .where("game_sessions.member_id", "=", memberId)
    .where("game_sessions.mode", "=", "real")
    .groupBy("game_sessions.node_id")
    .as("plays");
  const matching = gameColumns(db, language)
    .innerJoin(plays, (join) => join.onRef("plays.node_id", "=", "games.node_id"))
    .where("games.enabled", "=", true);
  return pageOfGames(
    () => countRows(matching),
    (limit, offset) =>
      matching
        .orderBy("plays.last_played", "desc")
        .orderBy("games.node_id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),
    page,
    pageSize,
  );
}
