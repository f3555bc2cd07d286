import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import {
  addFavourite,
  FAVOURITE_PAGE_SIZE,
  favouriteIds,
  listFavourites,
  removeFavourite,
} from "~/platform/play/favourites.server";
import { createTestDatabase } from "../../helpers/database";
import { codeOf, insertGame } from "../../helpers/play";
import { insertMember } from "../../helpers/wallet";

let handle: DatabaseHandle;
let member: string;
let other: string;
const SECOND = 1_000;
/** Every toggle at its own time, two seconds after the one before: only the throttle test comes closer. */
let clock = Date.UTC(2026, 0, 1);
const tick = () => new Date((clock += 2 * SECOND));

beforeAll(async () => {
  handle = await createTestDatabase();
  for (let nodeId = 7_000_001; nodeId <= 7_000_012; nodeId++)
    await insertGame(handle.db, { nodeId });
  member = await insertMember(handle.db);
  other = await insertMember(handle.db);
});
afterAll(() => handle?.close());

const add = (nodeId: number, memberId = member, now = tick()) =>
  addFavourite(handle.db, { memberId, nodeId, now });
const remove = (nodeId: number, memberId = member, now = tick()) =>
  removeFavourite(handle.db, { memberId, nodeId, now });

describe("favourites", () => {
  test("adding a game already there is ignored; removing one not there is fine", async () => {
    expect(await add(7_000_001)).toBe(true);
    expect(await add(7_000_001)).toBe(false);
    expect(await favouriteIds(handle.db, member)).toEqual([7_000_001]);
    expect(await remove(7_000_001)).toBe(true);
    expect(await remove(7_000_001)).toBe(false);
    expect(await favouriteIds(handle.db, member)).toEqual([]);
  });

  test("only enabled games of the catalog", async () => {
    expect(await codeOf(add(99_999_999))).toBe("game_not_found");
    await handle.db
      .updateTable("games")
      .set({ enabled: false })
      .where("node_id", "=", 7_000_012)
      .execute();
    expect(await codeOf(add(7_000_012))).toBe("game_not_found");
    expect(await favouriteIds(handle.db, member)).toEqual([]);
  });

  test("once per second per member: a second toggle within the second is refused and changes nothing", async () => {
    const start = tick();
    expect(await add(7_000_002, member, start)).toBe(true);
    const soon = new Date(start.getTime() + 400);
    expect(await codeOf(add(7_000_003, member, soon))).toBe("favourite_throttled");
    expect(await codeOf(remove(7_000_002, member, new Date(start.getTime() + 999)))).toBe(
      "favourite_throttled",
    );
    expect(await favouriteIds(handle.db, member)).toEqual([7_000_002]);
    // Another member is not held up by this one.
    expect(await add(7_000_003, other, soon)).toBe(true);
    // A second later the toggle goes through.
    expect(await add(7_000_003, member, new Date(start.getTime() + SECOND))).toBe(true);
    expect(await favouriteIds(handle.db, member)).toEqual([7_000_002, 7_000_003]);
    expect(await favouriteIds(handle.db, other)).toEqual([7_000_003]);
  });

  test("the list: the member's own favourites, newest first, in one page of 999", async () => {
    for (const nodeId of [7_000_004, 7_000_005, 7_000_006]) await add(nodeId);
    const page = await listFavourites(handle.db, member, "en", 1);
    expect(page.pageSize).toBe(FAVOURITE_PAGE_SIZE);
    expect(FAVOURITE_PAGE_SIZE).toBe(999);
    expect(page).toMatchObject({ pageNum: 1, totalPages: 1, total: 5 });
    expect(page.games.map((game) => game.nodeId)).toEqual([
      7_000_006, 7_000_005, 7_000_004, 7_000_003, 7_000_002,
    ]);
    expect(page.games[0]).toMatchObject({
      gameName: "Game 7000006",
      vassalage: "PG",
      category: "RNG",
    });
    const theirs = await listFavourites(handle.db, other, "en", 1);
    expect(theirs.games.map((game) => game.nodeId)).toEqual([7_000_003]);
  });

  test("pages when asked for smaller pages; a game switched off leaves the list", async () => {
    const second = await listFavourites(handle.db, member, "en", 2, 2);
    expect(second).toMatchObject({ pageNum: 2, totalPages: 3, total: 5 });
    expect(second.games.map((game) => game.nodeId)).toEqual([7_000_004, 7_000_003]);
    await handle.db
      .updateTable("games")
      .set({ enabled: false })
      .where("node_id", "=", 7_000_006)
      .execute();
    const after = await listFavourites(handle.db, member, "en", 1);
    expect(after.total).toBe(4);
    expect(await favouriteIds(handle.db, member)).not.toContain(7_000_006);
  });
});
