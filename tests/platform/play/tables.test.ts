import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import type { PlayMode } from "~/platform/db/schema";
import { createGameSession } from "~/platform/play/game-sessions.server";
import type { SessionGame } from "~/platform/play/providers/ports";
import {
  LAST_RESULTS,
  listTables,
  ROOM_TIERS,
  roomTierOf,
  tableLimits,
  type TableQuery,
} from "~/platform/play/tables.server";
import { createTestDatabase } from "../../helpers/database";
import { insertGame } from "../../helpers/play";
import { insertMember } from "../../helpers/wallet";

/**
 * The PVP room list and live tables from the demo provider's data: limits by
 * room tier, players now (real sessions of the last 15 minutes), rounds
 * today (since the brand's midnight) and the last results, newest first.
 */

let handle: DatabaseHandle;
const now = new Date("2025-06-15T12:00:00Z");
const dayStart = new Date("2025-06-15T00:00:00Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

// Three LIVE tables (in the standard, vip and high rooms) and a PVP room.
const live1 = { nodeId: 8_100_000, vassalage: "EVO", category: "LIVE", name: "Baccarat 1" };
const live2 = { nodeId: 8_100_001, vassalage: "EVO", category: "LIVE", name: "Roulette 1" };
const live3 = { nodeId: 8_100_002, vassalage: "AG", category: "LIVE", name: "Sic Bo 1" };
const pvp1 = { nodeId: 8_200_003, vassalage: "KY", category: "PVP", name: "Teen Patti" };
const slot = { nodeId: 8_300_000, vassalage: "PG", category: "RNG", name: "Golden Reels" };
const games: Record<string, SessionGame> = {};

const members: string[] = [];
const seeds = new Map<string, string>();
let nonce = 0;

async function session(memberId: string, game: SessionGame, mode: PlayMode, at: Date) {
  return createGameSession(handle.db, {
    memberId,
    game,
    provider: "demo",
    mode,
    language: "en",
    now: at,
  });
}

/** One demo-provider round, as the engines write it (an outcome with its summary). */
async function round(
  memberId: string,
  game: SessionGame,
  at: Date,
  summary: string,
  mode: PlayMode = "real",
) {
  const { id: sessionId } = await session(memberId, game, mode, at);
  let seedId = seeds.get(memberId);
  if (!seedId) {
    const row = await handle.db
      .insertInto("fair_seeds")
      .values({
        member_id: memberId,
        server_seed: "s",
        server_seed_hash: "h",
        client_seed: "c",
        created_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    seeds.set(memberId, (seedId = row.id));
  }
  await handle.db
    .insertInto("game_rounds")
    .values({
      session_id: sessionId,
      member_id: memberId,
      node_id: game.nodeId,
      engine: "table",
      mode,
      seed_id: seedId,
      nonce: nonce++,
      stake: "100",
      payout: "0",
      outcome: JSON.stringify({ summary }),
      created_at: at,
    })
    .execute();
}

const query = (overrides: Partial<TableQuery> = {}): TableQuery => ({
  category: "LIVE",
  language: "en",
  page: 1,
  pageSize: 24,
  minorUnits: 2,
  now,
  dayStart,
  ...overrides,
});

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db
    .insertInto("vendors")
    .values([
      {
        category: "LIVE",
        vassalage: "EVO",
        display_name: "EVO Live",
        lager_icon: "/evo.svg",
        game_type: "LIVE",
        game_code: null,
        is_game: "VASSALAGE",
        sort: 0,
      },
      {
        category: "LIVE",
        vassalage: "AG",
        display_name: "AG Casino",
        lager_icon: "/ag.svg",
        game_type: "LIVE",
        game_code: null,
        is_game: "VASSALAGE",
        sort: 1,
      },
    ])
    .execute();
  for (const [key, game] of Object.entries({ live1, live2, live3, pvp1, slot }))
    games[key] = await insertGame(handle.db, game);
  for (let index = 0; index < 6; index++) members.push(await insertMember(handle.db));
  const [a, b, c, d, e] = members as [string, string, string, string, string];

  // Players now at live1: a (twice) and e; b's session is too old, c only plays for free.
  await session(a, games.live1!, "real", minutesAgo(5));
  await session(a, games.live1!, "real", minutesAgo(2));
  await session(e, games.live1!, "real", minutesAgo(14));
  await session(b, games.live1!, "real", minutesAgo(16));
  await session(c, games.live1!, "demo", minutesAgo(1));
  // d is at live2.
  await session(d, games.live2!, "real", minutesAgo(3));

  // Rounds at live1: two yesterday, seven today (one of them free play), newest last.
  await round(b, games.live1!, new Date("2025-06-14T22:00:00Z"), "Banker 7–5");
  await round(b, games.live1!, new Date("2025-06-14T23:59:59Z"), "Player 9–2");
  for (let n = 1; n <= 7; n++) {
    await round(
      n % 2 ? a : e,
      games.live1!,
      minutesAgo(70 - n * 10),
      `Result ${n}`,
      n === 4 ? "demo" : "real",
    );
  }
  // A round after `now` (clock skew, a later request) is not part of this reading.
  await round(a, games.live1!, new Date(now.getTime() + 60_000), "Future");
  // pvp1 has one round today.
  await round(d, games.pvp1!, minutesAgo(30), "Pot to seat 3");
});
afterAll(() => handle?.close());

describe("room tiers", () => {
  test("a table's tier comes from its game, with limits in the brand currency's minor units", () => {
    expect(tableLimits(8_100_000, 2)).toEqual({
      tier: "standard",
      minBet: "1000",
      maxBet: "100000",
    });
    expect(tableLimits(8_100_001, 2)).toEqual({ tier: "vip", minBet: "100000", maxBet: "5000000" });
    expect(tableLimits(8_100_003, 0)).toEqual({ tier: "beginner", minBet: "1", maxBet: "100" });
    for (const { min, max } of ROOM_TIERS) expect(min).toBeLessThan(max);
    // The same game always sits in the same room.
    expect(tableLimits(8_100_002, 2)).toEqual(tableLimits(8_100_002, 2));
  });

  test("tiers spread over the catalog, also over each vendor's first table (ids 8 or 12 apart)", () => {
    const counts = new Map<string, number>();
    for (let id = 100_001; id < 104_001; id++)
      counts.set(roomTierOf(id).tier, (counts.get(roomTierOf(id).tier) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual(ROOM_TIERS.map((tier) => tier.tier).sort());
    for (const count of counts.values()) expect(count).toBeGreaterThan(800);
    for (const step of [8, 12]) {
      const firsts = new Set(
        Array.from({ length: 10 }, (_, vendor) => roomTierOf(100_001 + vendor * step).tier),
      );
      expect(firsts.size, `vendors ${step} games apart`).toBeGreaterThan(1);
    }
  });
});

describe("listTables", () => {
  test("every LIVE game is a table; other categories' games are not", async () => {
    const { page, tables } = await listTables(handle.db, query());
    expect(tables.map((table) => table.nodeId)).toEqual([live1.nodeId, live2.nodeId, live3.nodeId]);
    expect(page.total).toBe(3);
    expect(tables[0]).toMatchObject({
      gameName: "Baccarat 1",
      vassalage: "EVO",
      vendorName: "EVO Live",
      ...tableLimits(live1.nodeId, 2),
    });
    expect(tables[2]).toMatchObject({
      vendorName: "AG Casino",
      tier: "high",
      minBet: "10000",
      maxBet: "1000000",
    });

    const pvp = await listTables(handle.db, query({ category: "PVP" }));
    expect(pvp.tables.map((table) => table.nodeId)).toEqual([pvp1.nodeId]);
    expect(pvp.tables[0]).toMatchObject({
      tier: "high",
      roundsToday: 1,
      lastResults: ["Pot to seat 3"],
      playersNow: 0,
    });
  });

  test("players now: distinct members with a real-money session on the game in the last 15 minutes", async () => {
    const { tables } = await listTables(handle.db, query());
    const byNode = new Map(tables.map((table) => [table.nodeId, table]));
    expect(byNode.get(live1.nodeId)!.playersNow).toBe(2);
    expect(byNode.get(live2.nodeId)!.playersNow).toBe(1);
    expect(byNode.get(live3.nodeId)!.playersNow).toBe(0);
    // An hour later, nobody is at any table any more.
    const later = await listTables(
      handle.db,
      query({ now: new Date(now.getTime() + 60 * 60_000) }),
    );
    expect(later.tables.map((table) => table.playersNow)).toEqual([0, 0, 0]);
  });

  test("rounds today count from the brand's midnight, in both modes", async () => {
    const { tables } = await listTables(handle.db, query());
    expect(tables.map((table) => table.roundsToday)).toEqual([7, 0, 0]);
    // With the day starting a day earlier, yesterday's two rounds count too.
    const twoDays = await listTables(
      handle.db,
      query({ dayStart: new Date("2025-06-14T00:00:00Z") }),
    );
    expect(twoDays.tables[0]!.roundsToday).toBe(9);
  });

  test("the last results are the newest rounds' summaries, newest first, at most five; none before any round", async () => {
    const { tables } = await listTables(handle.db, query());
    expect(LAST_RESULTS).toBe(5);
    expect(tables[0]!.lastResults).toEqual([
      "Result 7",
      "Result 6",
      "Result 5",
      "Result 4",
      "Result 3",
    ]);
    expect(tables[1]!.lastResults).toEqual([]);
    expect(tables[2]!.lastResults).toEqual([]);
  });

  test("filtered by vendor and paged like the game grid", async () => {
    const evo = await listTables(handle.db, query({ vassalage: "EVO" }));
    expect(evo.tables.map((table) => table.nodeId)).toEqual([live1.nodeId, live2.nodeId]);
    const second = await listTables(handle.db, query({ pageSize: 2, page: 2 }));
    expect(second.page).toMatchObject({ pageNum: 2, totalPages: 2, total: 3 });
    expect(second.tables.map((table) => table.nodeId)).toEqual([live3.nodeId]);
    const none = await listTables(handle.db, query({ vassalage: "NOPE" }));
    expect(none.tables).toEqual([]);
  });
});
