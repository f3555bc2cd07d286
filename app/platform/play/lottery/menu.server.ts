import { sql } from "kysely";
import { LOTTERY_CATEGORIES, LOTTERY_PAGES, type LotteryPageName } from "./pages";
import { lotteryPrizeMode, type PrizeMode } from "./prize-mode";
import { LOTTERY_TYPES, lotteryTypeOf, type LotteryType } from "./rules";
import { getVendorLanes } from "../../catalog/lanes.server";
import type { Database } from "../../db/open.server";
import type { BrandConfig } from "../../system/brand-config.server";
import type { SessionGame } from "../providers/ports";

/** A lottery game of a page: the game a bet is placed on, and the lottery type it plays. */
export interface LotteryGame extends SessionGame {
  type: LotteryType;
}

/** /lgw/games/game_menus: one group per lottery type (accountTypeName), its games. */
export interface LotteryMenuGroup {
  accountTypeName: LotteryType;
  games: LotteryGame[];
}

export interface LotteryMenu {
  prizeMode: PrizeMode;
  groups: LotteryMenuGroup[];
}

/** The prize mode a page asks its menu for: the rule in prize-mode.ts, SEA for the SEA vendor's page. */
export async function pagePrizeMode(
  db: Database,
  brand: BrandConfig,
  language: string,
  page: LotteryPageName,
): Promise<PrizeMode> {
  if (page === "seaLottery") return "SEA";
  return lotteryPrizeMode(await getVendorLanes(db, brand, language));
}

function pageGames(db: Database, page: LotteryPageName, language: string) {
  return db
    .selectFrom("games")
    .select([
      "node_id",
      "vassalage",
      "category",
      "game_code",
      sql<string>`coalesce(games.names ->> ${language}, games.name)`.as("game_name"),
    ])
    .where("enabled", "=", true)
    .where("vassalage", "in", LOTTERY_PAGES[page].vendors)
    .where("category", "in", LOTTERY_CATEGORIES)
    .orderBy("sort")
    .orderBy("node_id")
    .execute();
}

/**
 * A page's game menu and the game it shows. The menu holds the games of the
 * page's vendors in the prize mode's lane (all their lottery games when that
 * lane has none, as for SEA), one entry per game code (a vendor may sit in
 * both lottery lanes with the same games), grouped by lottery type. The
 * game is the one `gameCode` names (a launch from the other lane lands on
 * it, and it joins the menu), else the menu's first. Null game: the page's
 * vendors have no game of that code.
 */
export async function lotteryMenu(
  db: Database,
  input: {
    page: LotteryPageName;
    prizeMode: PrizeMode;
    language: string;
    gameCode?: string | null;
  },
): Promise<{ menu: LotteryMenu; game: LotteryGame | null }> {
  const rows = await pageGames(db, input.page, input.language);
  const toGame = (row: (typeof rows)[number]): LotteryGame => ({
    nodeId: row.node_id,
    vassalage: row.vassalage,
    category: row.category,
    gameCode: row.game_code,
    gameName: row.game_name,
    type: lotteryTypeOf(row.game_code),
  });
  const inLane = rows.filter((row) => row.category === input.prizeMode);
  const entries = new Map<string, LotteryGame>();
  for (const row of inLane.length ? inLane : rows)
    if (!entries.has(row.game_code)) entries.set(row.game_code, toGame(row));
  let game: LotteryGame | null = null;
  if (input.gameCode) {
    game = entries.get(input.gameCode) ?? null;
    const elsewhere = game ? undefined : rows.find((row) => row.game_code === input.gameCode);
    if (elsewhere) entries.set(elsewhere.game_code, (game = toGame(elsewhere)));
  }
  const groups = LOTTERY_TYPES.map((type) => ({
    accountTypeName: type,
    games: [...entries.values()].filter((entry) => entry.type === type),
  })).filter((group) => group.games.length > 0);
  if (!input.gameCode) game = groups[0]?.games[0] ?? null;
  return { menu: { prizeMode: input.prizeMode, groups }, game };
}
