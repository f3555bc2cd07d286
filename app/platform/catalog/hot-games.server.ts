import { getConfig } from "~/config.server";
import { cacheFor } from "../cache.server";
import {
  clampPage,
  gameColumns,
  pageCount,
  toGameCard,
  type GameCard,
  type GamePage,
} from "./games.server";
import type { Database } from "../db/open.server";

const hotTtl = () => getConfig().CACHE_TTL_MS;

/** Plays counted for the ranking: real-money launches of the last week. */
export const HOT_WINDOW_DAYS = 7;
/** Three home pages of 12. */
export const HOT_GAMES_LIMIT = 36;

/**
 * The most played games in one language: real-money launches (game
 * sessions) in the window, most first, the more recently played first on a tie.
 */
async function readHotGames(db: Database, language: string, now: Date): Promise<GameCard[]> {
  const since = new Date(now.getTime() - HOT_WINDOW_DAYS * 86_400_000);
  const plays = db
    .selectFrom("game_sessions")
    .select((eb) => [
      "game_sessions.node_id",
      eb.fn.countAll<string>().as("plays"),
      eb.fn.max("game_sessions.created_at").as("last_played"),
    ])
    .where("game_sessions.mode", "=", "real")
    .where("game_sessions.language", "=", language)
    .where("game_sessions.created_at", ">=", since)
    .groupBy("game_sessions.node_id")
    .as("plays");
  const rows = await gameColumns(db, language)
    .innerJoin(plays, (join) => join.onRef("plays.node_id", "=", "games.node_id"))
    .where("games.enabled", "=", true)
    .orderBy("plays.plays", "desc")
    .orderBy("plays.last_played", "desc")
    .orderBy("games.node_id")
    .limit(HOT_GAMES_LIMIT)
    .execute();
  return rows.map(toGameCard);
}

/**
 * Hot games for one language (hotGamesV2 takes the language), ranked from
 * the plays in that language; the brand's default language when that one has
 * none. Cached per language until refreshed.
 */
export async function listHotGames(
  db: Database,
  query: { language: string; fallbackLanguage: string; page: number; pageSize: number; now?: Date },
): Promise<GamePage> {
  const now = query.now ?? new Date();
  // Cached per language with its fallback resolved, so refreshing a language refreshes what it shows.
  const all = await cacheFor<GameCard[]>(db, "hot-games", hotTtl).get(query.language, async () => {
    const own = await readHotGames(db, query.language, now);
    return own.length || query.language === query.fallbackLanguage
      ? own
      : readHotGames(db, query.fallbackLanguage, now);
  });
  const totalPages = pageCount(all.length, query.pageSize);
  const pageNum = clampPage(query.page, totalPages);
  const start = (pageNum - 1) * query.pageSize;
  return {
    games: all.slice(start, start + query.pageSize),
    pageNum,
    pageSize: query.pageSize,
    totalPages,
    total: all.length,
  };
}

export function refreshHotGames(db: Database, language: string) {
  cacheFor<GameCard[]>(db, "hot-games", hotTtl).delete(language);
}
