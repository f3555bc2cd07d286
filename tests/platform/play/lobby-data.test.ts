import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  HOT_GAMES_LIMIT,
  listHotGames,
  refreshHotGames,
} from "~/platform/catalog/hot-games.server";
import { listWinners, maskCustomerName } from "~/platform/catalog/winners.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { createGameSession } from "~/platform/play/game-sessions.server";
import type { SessionGame } from "~/platform/play/providers/ports";
import { listRecentGames } from "~/platform/play/recent.server";
import { credit, debit, type SeamlessPlayer } from "~/platform/play/seamless-wallet.server";
import { MAIN } from "~/platform/wallet/ledger.server";
import { createTestDatabase } from "../../helpers/database";
import { fundMain, insertGame } from "../../helpers/play";
import { insertMember } from "../../helpers/wallet";

let handle: DatabaseHandle;
const games: SessionGame[] = [];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);

beforeAll(async () => {
  handle = await createTestDatabase({ poolSize: 4 });
  for (let index = 0; index < 30; index++) {
    games.push(
      await insertGame(handle.db, {
        nodeId: 8_000_000 + index,
        category: index < 25 ? "RNG" : "FISH",
        vassalage: index < 25 ? "PG" : "JDB",
      }),
    );
  }
  await handle.db
    .updateTable("games")
    .set({ names: JSON.stringify({ ur: "کھیل" }) })
    .where("node_id", "=", 8_000_000)
    .execute();
});
afterAll(() => handle?.close());

async function memberNamed(account: string) {
  const id = await insertMember(handle.db);
  await handle.db.updateTable("members").set({ account }).where("id", "=", id).execute();
  return id;
}

const play = (
  memberId: string,
  game: SessionGame,
  options: { at: Date; language?: string; mode?: "real" | "demo" },
) =>
  createGameSession(handle.db, {
    memberId,
    game,
    provider: "demo",
    mode: options.mode ?? "real",
    language: options.language ?? "en",
    now: options.at,
  });

describe("/recent from real plays", () => {
  test("the member's distinct games, most recently launched first; free trials and others' plays do not count", async () => {
    const member = await insertMember(handle.db);
    const someoneElse = await insertMember(handle.db);
    await play(member, games[0]!, { at: ago(5 * HOUR) });
    await play(member, games[1]!, { at: ago(4 * HOUR) });
    await play(member, games[2]!, { at: ago(3 * HOUR) });
    // Launched again: it moves to the front, once.
    await play(member, games[0]!, { at: ago(2 * HOUR) });
    await play(member, games[3]!, { at: ago(1 * HOUR), mode: "demo" });
    await play(someoneElse, games[4]!, { at: ago(HOUR / 2) });

    const recent = await listRecentGames(handle.db, member, "en", 1, 24);
    expect(recent.games.map((game) => game.nodeId)).toEqual(
      [games[0]!, games[2]!, games[1]!].map((game) => game.nodeId),
    );
    expect(recent).toMatchObject({ pageNum: 1, totalPages: 1, total: 3, pageSize: 24 });

    const second = await listRecentGames(handle.db, member, "en", 2, 2);
    expect(second).toMatchObject({ pageNum: 2, totalPages: 2, total: 3 });
    expect(second.games.map((game) => game.nodeId)).toEqual([games[1]!.nodeId]);
    expect(
      (await listRecentGames(handle.db, await insertMember(handle.db), "en", 1, 24)).total,
    ).toBe(0);
  });
});

describe("winner board from real bets", () => {
  test("the biggest recent settled wins, masked names, the game to launch; old, lost and open rounds left out; at most 20", async () => {
    const winner = await memberNamed("player77");
    const rival = await memberNamed("ab");
    await fundMain(handle.db, winner, 10_000_000n);
    await fundMain(handle.db, rival, 10_000_000n);
    let round = 0;
    const bet = async (
      memberId: string,
      game: SessionGame,
      stake: bigint,
      payout: bigint | null,
      at: Date,
    ) => {
      const player: SeamlessPlayer = { memberId, account: MAIN, game };
      const roundId = `w-${++round}`;
      await debit(handle.db, "demo", player, { txId: `${roundId}-b`, roundId, amount: stake, at });
      if (payout !== null)
        await credit(handle.db, "demo", player, {
          txId: `${roundId}-c`,
          roundId,
          amount: payout,
          at,
        });
    };
    // 22 wins this week, 1_000 to 22_000.
    for (let index = 1; index <= 22; index++)
      await bet(
        index % 2 ? winner : rival,
        games[index + 7]!,
        100n,
        BigInt(index * 1_000),
        ago(index * HOUR),
      );
    // Bigger, but too old, lost, or not settled yet.
    await bet(winner, games[5]!, 100n, 9_000_000n, ago(8 * DAY));
    await bet(winner, games[6]!, 5_000_000n, 0n, ago(HOUR));
    await bet(winner, games[7]!, 100n, null, ago(HOUR));

    const board = await listWinners(handle.db, { language: "ur", limit: 500 });
    expect(board).toHaveLength(20);
    expect(board.map((entry) => entry.rank)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    expect(board.map((entry) => entry.winAmount)).toEqual(
      Array.from({ length: 20 }, (_, index) => String((22 - index) * 1_000)),
    );
    // 22_000 was the rival's (even) on game 29, a fish game; 21_000 the winner's.
    expect(board[0]).toMatchObject({
      customerName: "a***",
      nodeId: games[29]!.nodeId,
      vassalage: "JDB",
      category: "FISH",
    });
    expect(board[1]).toMatchObject({ customerName: "pl***77", nodeId: games[28]!.nodeId });
    expect(board.some((entry) => entry.customerName.includes("player77"))).toBe(false);

    // Localised game names; one category only when asked.
    const fish = await listWinners(handle.db, { language: "en", category: "FISH" });
    expect(fish.map((entry) => entry.nodeId).sort()).toEqual([
      8_000_025, 8_000_026, 8_000_027, 8_000_028, 8_000_029,
    ]);
    expect(fish.every((entry) => entry.category === "FISH")).toBe(true);

    // Cached briefly: the same query answers from its cache; another one reads the new win.
    await bet(winner, games[0]!, 100n, 50_000_000n, now);
    expect((await listWinners(handle.db, { language: "ur", limit: 500 }))[0]!.winAmount).toBe(
      "22000",
    );
    const fresh = await listWinners(handle.db, { language: "ur", limit: 20 });
    expect(fresh[0]).toMatchObject({
      winAmount: "50000000",
      gameName: "کھیل",
      customerName: "pl***77",
    });
  });

  test("names are masked around the middle", () => {
    expect(maskCustomerName("demo01")).toBe("de***01");
    expect(maskCustomerName("abcd")).toBe("a***d");
    expect(maskCustomerName("x")).toBe("x***");
  });
});

describe("hot games from plays", () => {
  test("ranked per language by real plays of the last week; other languages fall back; cached until refreshed", async () => {
    const players = [await insertMember(handle.db), await insertMember(handle.db)];
    // ko: game 10 three times, game 11 twice, game 12 once (plus noise that must not count).
    for (const [index, count] of [
      [10, 3],
      [11, 2],
      [12, 1],
    ] as const) {
      for (let n = 0; n < count; n++)
        await play(players[n % 2]!, games[index]!, { at: ago((n + 1) * HOUR), language: "ko" });
    }
    await play(players[0]!, games[13]!, { at: ago(8 * DAY), language: "ko" });
    for (let n = 0; n < 5; n++)
      await play(players[0]!, games[14]!, { at: ago(HOUR), language: "ko", mode: "demo" });
    // pt: its own list.
    await play(players[1]!, games[20]!, { at: ago(HOUR), language: "pt" });

    const ko = await listHotGames(handle.db, {
      language: "ko",
      fallbackLanguage: "pt",
      page: 1,
      pageSize: 12,
    });
    expect(ko.games.map((game) => game.nodeId)).toEqual(
      [10, 11, 12].map((index) => games[index]!.nodeId),
    );
    expect(ko).toMatchObject({ total: 3, totalPages: 1 });
    const pt = await listHotGames(handle.db, {
      language: "pt",
      fallbackLanguage: "pt",
      page: 1,
      pageSize: 12,
    });
    expect(pt.games.map((game) => game.nodeId)).toEqual([games[20]!.nodeId]);
    // No plays in ja: the brand's default language's list.
    const ja = await listHotGames(handle.db, {
      language: "ja",
      fallbackLanguage: "pt",
      page: 1,
      pageSize: 12,
    });
    expect(ja.games.map((game) => game.nodeId)).toEqual([games[20]!.nodeId]);

    // New plays change nothing until the language is refreshed.
    for (let n = 0; n < 4; n++)
      await play(players[0]!, games[12]!, { at: ago(HOUR / 4), language: "ko" });
    const cached = await listHotGames(handle.db, {
      language: "ko",
      fallbackLanguage: "pt",
      page: 1,
      pageSize: 12,
    });
    expect(cached.games[0]!.nodeId).toBe(games[10]!.nodeId);
    refreshHotGames(handle.db, "ko");
    const fresh = await listHotGames(handle.db, {
      language: "ko",
      fallbackLanguage: "pt",
      page: 1,
      pageSize: 12,
    });
    expect(fresh.games.map((game) => game.nodeId)).toEqual(
      [12, 10, 11].map((index) => games[index]!.nodeId),
    );
  });

  test("at most 36, paged", async () => {
    const player = await insertMember(handle.db);
    for (let round = 0; round < 2; round++) {
      for (const game of games) await play(player, game, { at: ago(HOUR), language: "xx" });
    }
    const page = await listHotGames(handle.db, {
      language: "xx",
      fallbackLanguage: "en",
      page: 3,
      pageSize: 12,
    });
    expect(HOT_GAMES_LIMIT).toBe(36);
    expect(page).toMatchObject({ total: 30, totalPages: 3, pageNum: 3 });
    expect(page.games).toHaveLength(6);
  });
});
