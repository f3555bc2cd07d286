import { getConfig } from "~/config.server";
import { cacheFor } from "../cache.server";
import type { Database } from "../db/open.server";
import { clampPage, gameColumns, pageCount, toGameCard, type GameCard, type GamePage } from "./games.server";

const hotTtl = () => getConfig().CACHE_TTL_MS;

async function readHotGames(db: Database, language: string): Promise<GameCard[]> {
  const rows = await gameColumns(db, language)
    .innerJoin("hot_games", "hot_games.node_id", "games.node_id")
    .where("hot_games.language", "=", language)
    .where("games.enabled", "=", true)
    .orderBy("hot_games.rank")
    .execute();
  return rows.map(toGameCard);
}

/**
 * Hot games for one language (§7 hotGamesV2 takes the language), the brand's
 * default language when that one has none; cached per language until refreshed.
 */
export async function listHotGames(
  db: Database,
  query: { language: string; fallbackLanguage: string; page: number; pageSize: number },
): Promise<GamePage> {
  const cache = cacheFor<GameCard[]>(db, "hot-games", hotTtl);
  let all = await cache.get(query.language, () => readHotGames(db, query.language));
  if (!all.length && query.language !== query.fallbackLanguage) {
    all = await cache.get(query.fallbackLanguage, () => readHotGames(db, query.fallbackLanguage));
  }
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
