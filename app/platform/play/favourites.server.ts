import { countRows, gameColumns, pageOfGames, type GamePage } from "../catalog/games.server";
import type { Database } from "../db/open.server";
import { PlatformError } from "../errors";
import { hitOncePer } from "../identity/rate-limits.server";

/** A member toggles a favourite at most once per second (enforced here, not only in the UI). */
export const FAVOURITE_TOGGLE_MS = 1_000;
/** MCSFE_getFavoriteGamesList's pageSize: 999. */
export const FAVOURITE_PAGE_SIZE = 999;

interface Toggle {
  memberId: string;
  nodeId: number;
  now?: Date;
}

/**
 * One toggle per member per second, shared by add and remove. A refused toggle
 * changes nothing: `favourite_throttled`.
 */
async function claimToggle(db: Database, memberId: string, now: Date) {
  if (!(await hitOncePer(db, `favourite:${memberId}`, FAVOURITE_TOGGLE_MS, now))) {
    throw new PlatformError("favourite_throttled");
  }
}

/**
 * Adds a game to the member's favourites; a game already there is
 * ignored. Only enabled games: anything else is `game_not_found`.
 * Returns whether the favourite is new.
 */
export async function addFavourite(
  db: Database,
  { memberId, nodeId, now = new Date() }: Toggle,
): Promise<boolean> {
  const game = await db
    .selectFrom("games")
    .select("node_id")
    .where("node_id", "=", nodeId)
    .where("enabled", "=", true)
    .executeTakeFirst();
  if (!game) throw new PlatformError("game_not_found");
  await claimToggle(db, memberId, now);
  const inserted = await db
    .insertInto("favourites")
    .values({ member_id: memberId, node_id: nodeId, created_at: now })
    .onConflict((oc) => oc.columns(["member_id", "node_id"]).doNothing())
    .returning("node_id")
    .executeTakeFirst();
  return Boolean(inserted);
}

/** Removes a game from the member's favourites; one that is not there is fine. Returns whether it was there. */
export async function removeFavourite(
  db: Database,
  { memberId, nodeId, now = new Date() }: Toggle,
): Promise<boolean> {
  await claimToggle(db, memberId, now);
  const removed = await db
    .deleteFrom("favourites")
    .where("member_id", "=", memberId)
    .where("node_id", "=", nodeId)
    .returning("node_id")
    .executeTakeFirst();
  return Boolean(removed);
}

/** MCSFE_getFavoriteGames: the ids of the member's favourite games (enabled ones), for the tiles' toggles. */
export async function favouriteIds(db: Database, memberId: string): Promise<number[]> {
  const rows = await db
    .selectFrom("favourites")
    .innerJoin("games", "games.node_id", "favourites.node_id")
    .select("favourites.node_id")
    .where("favourites.member_id", "=", memberId)
    .where("games.enabled", "=", true)
    .orderBy("favourites.node_id")
    .execute();
  return rows.map((row) => row.node_id);
}

/** MCSFE_getFavoriteGamesList: the member's favourite games, newest first, in pages of 999. */
export async function listFavourites(
  db: Database,
  memberId: string,
  language: string,
  page = 1,
  pageSize = FAVOURITE_PAGE_SIZE,
): Promise<GamePage> {
  const matching = gameColumns(db, language)
    .innerJoin("favourites", "favourites.node_id", "games.node_id")
    .where("favourites.member_id", "=", memberId)
    .where("games.enabled", "=", true);
  return pageOfGames(
    () => countRows(matching),
    (limit, offset) =>
      matching
        .orderBy("favourites.created_at", "desc")
        .orderBy("games.node_id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),
    page,
    pageSize,
  );
}
