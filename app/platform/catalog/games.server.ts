import { sql } from "kysely";
import { getConfig } from "~/config.server";
import { cacheFor } from "../cache.server";
import type { Database } from "../db/open.server";

/** A game tile as the lobby shows it. */
export interface GameCard {
  nodeId: number;
  gameName: string;
  displayName: string;
  nodeName: string;
  iconUrl: string | null;
  showIcon: boolean;
  vassalage: string;
  category: string;
  gameType: string;
  gameCode: string;
  isGame: string;
}

export interface GamePage {
  games: GameCard[];
  pageNum: number;
  pageSize: number;
  totalPages: number;
  total: number;
}

export interface GameQuery {
  category: string;
  language: string;
  vassalage?: string | null;
  classify?: string | null;
  page: number;
  pageSize: number;
}

/** The localised name, English when the language has none. */
function localisedName(language: string) {
  return sql<string>`coalesce(games.names ->> ${language}, games.name)`;
}

export function gameColumns(db: Database, language: string) {
  return db
    .selectFrom("games")
    .leftJoin("vendors", (join) =>
      join
        .onRef("vendors.vassalage", "=", "games.vassalage")
        .onRef("vendors.category", "=", "games.category"),
    )
    .select([
      "games.node_id",
      "games.name",
      localisedName(language).as("localised_name"),
      "games.icon_url",
      "games.show_icon",
      "games.vassalage",
      "games.category",
      "games.game_type",
      "games.game_code",
      sql<string>`coalesce(vendors.display_name, games.vassalage)`.as("vendor_name"),
    ]);
}

type GameRow = {
  node_id: number;
  name: string;
  localised_name: string;
  icon_url: string | null;
  show_icon: boolean;
  vassalage: string;
  category: string;
  game_type: string;
  game_code: string;
  vendor_name: string;
};

export function toGameCard(row: GameRow): GameCard {
  return {
    nodeId: row.node_id,
    gameName: row.localised_name,
    displayName: row.name,
    nodeName: row.vendor_name,
    iconUrl: row.icon_url,
    showIcon: row.show_icon,
    vassalage: row.vassalage,
    category: row.category,
    gameType: row.game_type,
    gameCode: row.game_code,
    isGame: "GAME",
  };
}

export function pageCount(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A requested page within 1..totalPages: nonsense is page 1, past the end the last page. */
export function clampPage(page: number, totalPages: number) {
  return Math.min(Math.max(1, Math.trunc(page) || 1), totalPages);
}

const catalogTtl = () => getConfig().CACHE_TTL_MS;

/**
 * A page of a category's games, filtered by vendor and RNG sub-type;
 * out-of-range pages clamp. Cached per query like the rest of the catalog.
 */
export function listGames(db: Database, query: GameQuery): Promise<GamePage> {
  const key = [
    query.category,
    query.vassalage ?? "",
    query.classify ?? "",
    query.language,
    query.page,
    query.pageSize,
  ].join("|");
  return cacheFor<GamePage>(db, "game-pages", catalogTtl, 2000).get(key, () =>
    readGames(db, query),
  );
}

async function readGames(db: Database, query: GameQuery): Promise<GamePage> {
  const matching = gameColumns(db, query.language)
    .where("games.enabled", "=", true)
    .where("games.category", "=", query.category)
    .$if(Boolean(query.vassalage), (qb) => qb.where("games.vassalage", "=", query.vassalage!))
    .$if(Boolean(query.classify), (qb) => qb.where("games.classify", "=", query.classify!));
  return pageOfGames(
    () => countRows(matching),
    (limit, offset) =>
      matching.orderBy("games.sort").orderBy("games.node_id").limit(limit).offset(offset).execute(),
    query.page,
    query.pageSize,
  );
}

/** How many rows a query of games matches (its selection replaced by a count). */
export async function countRows(query: ReturnType<typeof gameColumns>): Promise<number> {
  const { total } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as("total"))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * One page of a list of games: counts them, clamps the requested page
 * (nonsense is page 1, past the end the last page) and reads that page.
 */
export async function pageOfGames(
  count: () => Promise<number>,
  read: (limit: number, offset: number) => Promise<GameRow[]>,
  page: number,
  pageSize: number,
): Promise<GamePage> {
  const total = await count();
  const totalPages = pageCount(total, pageSize);
  const pageNum = clampPage(page, totalPages);
  const rows = await read(pageSize, (pageNum - 1) * pageSize);
  return { games: rows.map(toGameCard), pageNum, pageSize, totalPages, total };
}

/** The first game of a category: the sports entrance launches it (only 1 game is fetched). */
export function firstGame(
  db: Database,
  category: string,
  language: string,
): Promise<GameCard | null> {
  return cacheFor<GameCard | null>(db, "first-game", catalogTtl).get(
    `${category}|${language}`,
    () => readFirstGame(db, category, language),
  );
}

async function readFirstGame(db: Database, category: string, language: string) {
  const row = await gameColumns(db, language)
    .where("games.enabled", "=", true)
    .where("games.category", "=", category)
    .orderBy("games.sort")
    .orderBy("games.node_id")
    .limit(1)
    .executeTakeFirst();
  return row ? toGameCard(row) : null;
}
