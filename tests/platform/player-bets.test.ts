import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { playRound, type PlayedRound } from "~/platform/play/demo/rounds.server";
import { createGameSession, findGameSession } from "~/platform/play/game-sessions.server";
import { playerBetGames, playerBets } from "~/platform/players/bets.server";
import { MAIN } from "~/platform/wallet/ledger.server";
import { insertSettledBet } from "../helpers/agency";
import { createTestDatabase } from "../helpers/database";
import { fundMain, insertGame } from "../helpers/play";
import { formKey, insertMember } from "../helpers/wallet";

/**
 * The player page's bets on a real database: the member's own bets only,
 * narrowed by days, vendor and game, each with its round: the demo
 * provider's game round (key, seed, nonce, outcome) or what another provider
 * sent with the bet.
 */

let handle: DatabaseHandle;
let player: string;
let played: PlayedRound;
const DAY = 86_400_000;
const LIVE = { vassalage: "EVO", gameCode: "EVO-0007", gameName: "Speed Baccarat" };
const everything = {
  window: { from: new Date(Date.now() - 30 * DAY), to: new Date(Date.now() + DAY) },
};
const page = { page: 1, pageSize: 25 };

beforeAll(async () => {
  handle = await createTestDatabase();
  const db = handle.db;
  player = await insertMember(db);
  const other = await insertMember(db);
  await fundMain(db, player, 10_000n);
  const slot = await insertGame(db, { nodeId: 9_400_001, vassalage: "PG", name: "Lucky Reels" });
  const { token } = await createGameSession(db, {
    memberId: player,
    game: slot,
    provider: "demo",
    mode: "real",
    language: "en",
  });
  const session = (await findGameSession(db, token))!;
  played = await playRound(
    db,
    session,
    { roundKey: formKey(), stake: 500n },
    { account: MAIN, spinGapMs: 0 },
  );
  const twoDaysAgo = new Date(Date.now() - 2 * DAY);
  await insertSettledBet(db, player, {
    stake: 2_000n,
    payout: 3_000n,
    at: twoDaysAgo,
    category: "LIVE",
    game: LIVE,
    detail: { table: "B7", hand: "banker" },
  });
  await insertSettledBet(db, other, { stake: 9_000n, payout: 0n, at: twoDaysAgo, game: LIVE });
});
afterAll(() => handle?.close());

describe("the player page's bets", () => {
  test("the member's bets only, newest first, with the totals and each round's details", async () => {
    const bets = await playerBets(handle.db, player, { ...everything, ...page });
    expect(bets.total).toBe(2);
    expect(bets.totals).toEqual({
      stake: "2500",
      validBet: "2500",
      payout: expect.any(String),
      winLoss: expect.any(String),
    });
    const [spin, live] = bets.rows;
    expect(spin).toMatchObject({
      vassalage: "PG",
      gameName: "Lucky Reels",
      roundId: `demo-${played.id}`,
      stake: "500",
      payout: played.payout.toString(),
      status: "settled",
      gameRound: {
        id: played.id,
        engine: played.engine,
        stake: "500",
        payout: played.payout.toString(),
        summary: played.outcome.summary,
        outcome: expect.objectContaining({ summary: played.outcome.summary }),
      },
    });
    expect(spin!.gameRound!.roundKey).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(spin!.gameRound!.nonce).toEqual(expect.any(Number));
    expect(live).toMatchObject({
      vassalage: "EVO",
      gameName: "Speed Baccarat",
      winLoss: "1000",
      detail: { table: "B7", hand: "banker" },
      gameRound: null,
    });
  });

  test("days, vendor and game narrow the list", async () => {
    const read = (filter: object) =>
      playerBets(handle.db, player, { ...everything, ...page, ...filter }).then((bets) =>
        bets.rows.map((row) => row.gameName),
      );
    expect(await read({ vassalage: "EVO" })).toEqual(["Speed Baccarat"]);
    expect(await read({ gameCode: "G9400001" })).toEqual(["Lucky Reels"]);
    expect(await read({ vassalage: "EVO", gameCode: "G9400001" })).toEqual([]);
    expect(
      await read({ window: { from: new Date(Date.now() - DAY), to: new Date(Date.now() + DAY) } }),
    ).toEqual(["Lucky Reels"]);
  });

  test("the games the member has bets on, by vendor, for the filter", async () => {
    expect(await playerBetGames(handle.db, player)).toEqual([
      LIVE,
      { vassalage: "PG", gameCode: "G9400001", gameName: "Lucky Reels" },
    ]);
  });
});
