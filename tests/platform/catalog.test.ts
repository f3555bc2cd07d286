import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { LIST_PAGE_SIZE } from "~/platform/catalog/categories";
import { listGames } from "~/platform/catalog/games.server";
import { listHotGames, refreshHotGames } from "~/platform/catalog/hot-games.server";
import {
  deriveLanes,
  getVendorLanes,
  lobbyTabs,
  readVendorLanes,
  type VendorLane,
} from "~/platform/catalog/lanes.server";
import { listWinners } from "~/platform/catalog/winners.server";
import { createGameSession } from "~/platform/play/game-sessions.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { useSeededDatabase } from "../helpers/database";

const handle = useSeededDatabase();

const card = (vassalage: string) => ({
  vassalage,
  displayName: vassalage,
  lagerIcon: `/v/${vassalage}.svg`,
  gameType: "SPORTS",
  gameCode: null,
  isGame: "GAME",
});
const brand = { esportsVendors: ["IMES"], cockfightVendors: ["SV3"] };

describe("vendor lanes", () => {
  test("SPORTS esports cards form ESPORTS at the end, cockfight cards COCKFIGHT right after SPORTS", () => {
    const lanes: VendorLane[] = [
      { title: "RNG", cards: [card("PG")], gameClassify: [] },
      {
        title: "SPORTS",
        cards: [card("SBO"), card("IMES"), card("SV3"), card("CMD")],
        gameClassify: [],
      },
      { title: "PVP", cards: [card("KY")], gameClassify: [] },
    ];
    const derived = deriveLanes(lanes, brand);
    expect(derived.map((lane) => lane.title)).toEqual([
      "RNG",
      "SPORTS",
      "COCKFIGHT",
      "PVP",
      "ESPORTS",
    ]);
    expect(derived[1]!.cards.map((c) => c.vassalage)).toEqual(["SBO", "CMD"]);
    expect(derived[2]!.cards.map((c) => c.vassalage)).toEqual(["SV3"]);
    expect(derived[4]!.cards.map((c) => c.vassalage)).toEqual(["IMES"]);
  });

  test("a SPORTS lane of only esports vendors disappears rather than showing empty", () => {
    const derived = deriveLanes(
      [{ title: "SPORTS", cards: [card("IMES")], gameClassify: [] }],
      brand,
    );
    expect(derived.map((lane) => lane.title)).toEqual(["ESPORTS"]);
  });

  test("no derivation when SPORTS has neither", () => {
    const lanes: VendorLane[] = [{ title: "SPORTS", cards: [card("SBO")], gameClassify: [] }];
    expect(deriveLanes(lanes, brand).map((lane) => lane.title)).toEqual(["SPORTS"]);
  });

  test("lobby tabs: HOME, FAV, the lanes, and MXWIN only when missing", () => {
    const withoutMixed: VendorLane[] = [
      { title: "RNG", cards: [card("PG")], gameClassify: [] },
      { title: "LIVE", cards: [card("EVO")], gameClassify: [] },
    ];
    expect(lobbyTabs(withoutMixed)).toEqual(["HOME", "FAV", "RNG", "LIVE", "MXWIN"]);
    const withMixed: VendorLane[] = [
      ...withoutMixed,
      { title: "MXWIN", cards: [card("SPK")], gameClassify: [] },
    ];
    expect(lobbyTabs(withMixed)).toEqual(["HOME", "FAV", "RNG", "LIVE", "MXWIN"]);
  });

  test("the seeded brand's lanes: server order, derived ESPORTS and COCKFIGHT, RNG sub-types", async () => {
    const config = await getBrandConfig(handle.db);
    const raw = await readVendorLanes(handle.db, config.languages);
    expect(raw.map((lane) => lane.title)).toEqual([
      "RNG",
      "LIVE",
      "FISH",
      "SPORTS",
      "PVP",
      "ELOTT",
      "LOTT",
      "MXWIN",
    ]);
    const lanes = await getVendorLanes(handle.db, config, "en");
    expect(lanes.map((lane) => lane.title)).toEqual([
      "RNG",
      "LIVE",
      "FISH",
      "SPORTS",
      "COCKFIGHT",
      "PVP",
      "ELOTT",
      "LOTT",
      "MXWIN",
      "ESPORTS",
    ]);
    const count = (title: string) => lanes.find((lane) => lane.title === title)!.cards.length;
    // The demo brand's provider counts: slots 13 + generic, live 9 + generic, fish 6, PVP 5, sports 3.
    expect([count("RNG"), count("LIVE"), count("FISH"), count("PVP"), count("SPORTS")]).toEqual([
      14, 10, 6, 5, 3,
    ]);
    expect(lanes.find((lane) => lane.title === "RNG")!.gameClassify).toEqual([
      "SC",
      "VP",
      "JP",
      "TG",
      "AC",
    ]);
  });
});

describe("game lists", () => {
  test("pages through all 10,000 slot games without gaps or repeats", async () => {
    const first = await listGames(handle.db, {
      category: "RNG",
      language: "en",
      page: 1,
      pageSize: LIST_PAGE_SIZE,
    });
    expect(first.total).toBe(10_000);
    expect(first.totalPages).toBe(Math.ceil(10_000 / LIST_PAGE_SIZE));
    expect(first.games).toHaveLength(LIST_PAGE_SIZE);
    const last = await listGames(handle.db, {
      category: "RNG",
      language: "en",
      page: first.totalPages,
      pageSize: LIST_PAGE_SIZE,
    });
    expect(last.games).toHaveLength(10_000 % LIST_PAGE_SIZE || LIST_PAGE_SIZE);
    const second = await listGames(handle.db, {
      category: "RNG",
      language: "en",
      page: 2,
      pageSize: LIST_PAGE_SIZE,
    });
    const ids = new Set([...first.games, ...second.games].map((game) => game.nodeId));
    expect(ids.size).toBe(LIST_PAGE_SIZE * 2);
  });

  test("an out-of-range page clamps to the last page; nonsense is page 1", async () => {
    const far = await listGames(handle.db, {
      category: "FISH",
      language: "en",
      page: 999,
      pageSize: 12,
    });
    expect(far.pageNum).toBe(far.totalPages);
    const zero = await listGames(handle.db, {
      category: "FISH",
      language: "en",
      page: 0,
      pageSize: 12,
    });
    expect(zero.pageNum).toBe(1);
  });

  test("filters by vassalage and RNG sub-type", async () => {
    const pg = await listGames(handle.db, {
      category: "RNG",
      language: "en",
      vassalage: "PG",
      page: 1,
      pageSize: 24,
    });
    expect(pg.total).toBeGreaterThan(600);
    expect(pg.games.every((game) => game.vassalage === "PG")).toBe(true);
    const pgJackpots = await listGames(handle.db, {
      category: "RNG",
      language: "en",
      vassalage: "PG",
      classify: "JP",
      page: 1,
      pageSize: 24,
    });
    expect(pgJackpots.total).toBeLessThan(pg.total);
    expect(pgJackpots.total).toBeGreaterThan(0);
  });

  test("names follow the language, English when a language has none", async () => {
    const en = await listGames(handle.db, {
      category: "RNG",
      language: "en",
      page: 1,
      pageSize: 5,
    });
    const ur = await listGames(handle.db, {
      category: "RNG",
      language: "ur",
      page: 1,
      pageSize: 5,
    });
    const ko = await listGames(handle.db, {
      category: "RNG",
      language: "ko",
      page: 1,
      pageSize: 5,
    });
    expect(ur.games[0]!.nodeId).toBe(en.games[0]!.nodeId);
    expect(ur.games[0]!.gameName).not.toBe(en.games[0]!.gameName);
    expect(ur.games[0]!.gameName).toMatch(/[\u0600-\u06FF]/);
    expect(ko.games[0]!.gameName).toBe(en.games[0]!.gameName);
  });

  test("a page of all 10,000 slots is an index walk, not a sort", async () => {
    await sql`analyze games`.execute(handle.db);
    const { rows } = await sql<{ "QUERY PLAN": string }>`explain
      select node_id from games
      where enabled and category = 'RNG'
      order by sort, node_id limit 24 offset 456`.execute(handle.db);
    const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
    expect(plan).toContain("games_by_category");
    expect(plan).not.toMatch(/\bSort\b/);
  });
});

describe("hot games (ranked from the seeded plays)", () => {
  test("are ranked per language from real plays", async () => {
    const en = await listHotGames(handle.db, {
      language: "en",
      fallbackLanguage: "en",
      page: 1,
      pageSize: 12,
    });
    const ur = await listHotGames(handle.db, {
      language: "ur",
      fallbackLanguage: "en",
      page: 1,
      pageSize: 12,
    });
    expect(en.total).toBe(36);
    expect(ur.total).toBe(24);
    expect(ur.games.map((game) => game.nodeId)).not.toEqual(en.games.map((game) => game.nodeId));
    expect(ur.games[0]!.gameName).toMatch(/[\u0600-\u06FF]/);
    // The top game of each language is the one launched most in that language.
    const { rows } = await sql<{ node_id: number }>`
      select node_id from game_sessions where mode = 'real' and language = 'en'
      group by node_id order by count(*) desc, max(created_at) desc limit 1`.execute(handle.db);
    expect(en.games[0]!.nodeId).toBe(rows[0]!.node_id);
  });

  test("a language without plays falls back to the brand default", async () => {
    const fr = await listHotGames(handle.db, {
      language: "fr",
      fallbackLanguage: "en",
      page: 1,
      pageSize: 12,
    });
    const en = await listHotGames(handle.db, {
      language: "en",
      fallbackLanguage: "en",
      page: 1,
      pageSize: 12,
    });
    expect(fr.games.map((game) => game.nodeId)).toEqual(en.games.map((game) => game.nodeId));
  });

  test("stay cached until refreshed", async () => {
    const before = await listHotGames(handle.db, {
      language: "ja",
      fallbackLanguage: "en",
      page: 1,
      pageSize: 24,
    });
    const member = await handle.db
      .selectFrom("members")
      .select("id")
      .where("account", "=", "player01")
      .executeTakeFirstOrThrow();
    const game = await handle.db
      .selectFrom("games")
      .select(["node_id", "vassalage", "category", "game_code", "name"])
      .where("category", "=", "FISH")
      .orderBy("node_id")
      .executeTakeFirstOrThrow();
    expect(before.games.map((hot) => hot.nodeId)).not.toContain(game.node_id);
    await createGameSession(handle.db, {
      memberId: member.id,
      game: {
        nodeId: game.node_id,
        vassalage: game.vassalage,
        category: game.category,
        gameCode: game.game_code,
        gameName: game.name,
      },
      provider: "demo",
      mode: "real",
      language: "ja",
    });
    const cached = await listHotGames(handle.db, {
      language: "ja",
      fallbackLanguage: "en",
      page: 1,
      pageSize: 24,
    });
    expect(cached.games.map((hot) => hot.nodeId)).toEqual(before.games.map((hot) => hot.nodeId));
    refreshHotGames(handle.db, "ja");
    const fresh = await listHotGames(handle.db, {
      language: "ja",
      fallbackLanguage: "en",
      page: 1,
      pageSize: 24,
    });
    expect(fresh.games.map((hot) => hot.nodeId)).toEqual([game.node_id]);
  });

  test("page through hot games", async () => {
    const page3 = await listHotGames(handle.db, {
      language: "en",
      fallbackLanguage: "en",
      page: 3,
      pageSize: 12,
    });
    expect(page3.pageNum).toBe(3);
    expect(page3.totalPages).toBe(3);
    expect(page3.games).toHaveLength(12);
  });
});

describe("winner board (from the seeded bets)", () => {
  test("the 20 biggest wins, biggest first, ranked from 1, names masked", async () => {
    const winners = await listWinners(handle.db, { language: "en" });
    expect(winners).toHaveLength(20);
    expect(winners.map((winner) => winner.rank)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    const amounts = winners.map((winner) => BigInt(winner.winAmount));
    expect([...amounts].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(amounts);
    expect(winners[0]!.customerName).toMatch(/^\w{2}\*\*\*\w{2}$/);
    // The biggest settled payout of a real bet on a catalog game is the top of the board.
    const { rows } = await sql<{ biggest: string }>`
      select max(payout)::text as biggest from bets where status = 'settled' and node_id is not null`.execute(
      handle.db,
    );
    expect(winners[0]!.winAmount).toBe(rows[0]!.biggest);
  });

  test("never more than the limit of 20, filterable by category", async () => {
    expect(await listWinners(handle.db, { language: "en", limit: 500 })).toHaveLength(20);
    const fish = await listWinners(handle.db, { language: "en", category: "FISH" });
    expect(fish.every((winner) => winner.category === "FISH")).toBe(true);
  });
});
