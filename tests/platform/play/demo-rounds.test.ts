import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import type { PlayMode } from "~/platform/db/schema";
import { activeSeedPair } from "~/platform/play/demo/fair.server";
import {
  playRound,
  recentRounds,
  sessionBalance,
  type RoundRequest,
} from "~/platform/play/demo/rounds.server";
import {
  createGameSession,
  DEMO_PLAY_MONEY,
  findGameSession,
  type GameSession,
} from "~/platform/play/game-sessions.server";
import { seamlessBalance } from "~/platform/play/seamless-wallet.server";
import { MAIN } from "~/platform/wallet/ledger.server";
import { createTestDatabase } from "../../helpers/database";
import { codeOf, fundMain, insertGame } from "../../helpers/play";
import { formKey, insertMember } from "../../helpers/wallet";

let handle: DatabaseHandle;
const SLOT_NODE = 9_200_001;
const TABLE_NODE = 9_200_002;

beforeAll(async () => {
  handle = await createTestDatabase({ poolSize: 8 });
  await insertGame(handle.db, { nodeId: SLOT_NODE, vassalage: "PG", category: "RNG" });
  await insertGame(handle.db, { nodeId: TABLE_NODE, vassalage: "EVO", category: "LIVE" });
});
afterAll(() => handle?.close());

/** A fresh member with `funds` on MAIN and a session of their own on a game. */
async function playerWith(funds: bigint, mode: PlayMode = "real", nodeId = SLOT_NODE) {
  const memberId = await insertMember(handle.db);
  if (funds > 0n) await fundMain(handle.db, memberId, funds);
  const game = await handle.db
    .selectFrom("games")
    .select(["node_id", "vassalage", "category", "game_code", "name"])
    .where("node_id", "=", nodeId)
    .executeTakeFirstOrThrow();
  const { token } = await createGameSession(handle.db, {
    memberId,
    game: {
      nodeId,
      vassalage: game.vassalage,
      category: game.category,
      gameCode: game.game_code,
      gameName: game.name,
    },
    provider: "demo",
    mode,
    language: "en",
  });
  return { memberId, session: (await findGameSession(handle.db, token))! };
}

const spin = (session: GameSession, request: Partial<RoundRequest> = {}) =>
  playRound(
    handle.db,
    session,
    { roundKey: formKey(), stake: 500n, ...request },
    { account: MAIN, spinGapMs: 0 },
  );

const main = (session: GameSession) =>
  seamlessBalance(handle.db, { memberId: session.memberId, account: MAIN, game: session.game });

const entriesOf = (memberId: string) =>
  handle.db
    .selectFrom("entries")
    .select(["idempotency_key", "kind", "ref"])
    .where("member_id", "=", memberId)
    .where("kind", "in", ["bet", "win"])
    .orderBy("id")
    .execute();

const betsOf = (memberId: string) =>
  handle.db
    .selectFrom("bets")
    .selectAll()
    .where("member_id", "=", memberId)
    .orderBy("id")
    .execute();

const roundsOf = (memberId: string) =>
  handle.db.selectFrom("game_rounds").selectAll().where("member_id", "=", memberId).execute();

describe("demo rounds with real money", () => {
  test("a spin bets and pays through the seamless wallet: a settled bets row, a bet entry, a win entry when it pays", async () => {
    const { memberId, session } = await playerWith(100_000n);
    let balance = await main(session);
    let won = 0;
    let lost = 0;
    for (let at = 0; at < 40 && (won === 0 || lost === 0); at++) {
      const round = await spin(session);
      expect(round.replayed).toBe(false);
      const after = await main(session);
      expect(after).toBe(balance - 500n + round.payout);
      balance = after;
      const key = (
        await handle.db
          .selectFrom("game_rounds")
          .select("round_key")
          .where("id", "=", round.id)
          .executeTakeFirstOrThrow()
      ).round_key!;
      const bet = (await betsOf(memberId)).find((row) => row.round_id === `demo-${round.id}`)!;
      expect(bet).toMatchObject({
        vassalage: "PG",
        category: "RNG",
        node_id: SLOT_NODE,
        stake: "500",
        valid_bet: "500",
        status: "settled",
      });
      expect(bet.payout).toBe(round.payout.toString());
      expect((bet.detail as { summary: string }).summary).toBe(round.outcome.summary);
      const keys = (await entriesOf(memberId)).map((entry) => entry.idempotency_key);
      expect(keys).toContain(`bet:PG:${key}`);
      if (round.payout > 0n) {
        won++;
        expect(keys).toContain(`win:PG:${key}:win`);
      } else {
        lost++;
        expect(keys).not.toContain(`win:PG:${key}:win`);
      }
    }
    expect(won).toBeGreaterThan(0);
    expect(lost).toBeGreaterThan(0);
    const rounds = await roundsOf(memberId);
    expect(rounds.every((round) => round.mode === "real" && round.engine.startsWith("slot:"))).toBe(
      true,
    );
    expect(await sessionBalance(handle.db, session, MAIN)).toBe(balance);
  });

  test("a roulette bet pays 36:1 on its number and loses elsewhere", async () => {
    const { memberId, session } = await playerWith(10_000n, "real", TABLE_NODE);
    const round = await spin(session, { stake: 100n, bet: { kind: "straight", number: 17 } });
    expect(round.engine).toBe("roulette");
    expect(round.outcome).toMatchObject({
      engine: "roulette",
      bet: { kind: "straight", number: 17 },
    });
    expect(round.payout).toBe(
      round.outcome.engine === "roulette" && round.outcome.pocket === 17 ? 3_600n : 0n,
    );
    expect(await main(session)).toBe(10_000n - 100n + round.payout);
    expect((await betsOf(memberId))[0]).toMatchObject({
      vassalage: "EVO",
      category: "LIVE",
      stake: "100",
    });
  });

  test("the same round key plays once, also when posted twice at the same time", async () => {
    const { memberId, session } = await playerWith(100_000n);
    const key = formKey();
    const first = await spin(session, { roundKey: key });
    const again = await spin(session, { roundKey: key });
    expect(again).toMatchObject({ id: first.id, replayed: true, payout: first.payout });
    const parallelKey = formKey();
    const copies = await Promise.all(
      Array.from({ length: 4 }, () => spin(session, { roundKey: parallelKey })),
    );
    expect(new Set(copies.map((copy) => copy.id)).size).toBe(1);
    expect(copies.filter((copy) => !copy.replayed)).toHaveLength(1);
    expect(await roundsOf(memberId)).toHaveLength(2);
    expect(await betsOf(memberId)).toHaveLength(2);
    expect(await main(session)).toBe(100_000n - 1_000n + first.payout + copies[0]!.payout);
    expect((await activeSeedPair(handle.db, memberId)).nextNonce).toBe(2);
  });

  test("an insufficient balance refuses the round and writes nothing", async () => {
    const { memberId, session } = await playerWith(300n);
    expect(await codeOf(spin(session, { stake: 500n }))).toBe("insufficient_balance");
    expect(await roundsOf(memberId)).toHaveLength(0);
    expect(await betsOf(memberId)).toHaveLength(0);
    expect(await entriesOf(memberId)).toHaveLength(0);
    expect(
      await handle.db
        .selectFrom("provider_transactions")
        .select("tx_id")
        .where("member_id", "=", memberId)
        .execute(),
    ).toHaveLength(0);
    expect((await activeSeedPair(handle.db, memberId)).nextNonce).toBe(0);
    expect(await main(session)).toBe(300n);
  });

  test("a stake the game does not take is refused", async () => {
    const { session } = await playerWith(100_000n);
    expect(await codeOf(spin(session, { stake: 510n }))).toBe("invalid_bet");
    expect(await codeOf(spin(session, { stake: 0n }))).toBe("invalid_bet");
    expect(await codeOf(spin(session, { bet: { kind: "red" } }))).toBe("invalid_bet");
    expect(await codeOf(spin(session, { roundKey: "short" }))).toBe("invalid_transaction");
  });
});

describe("demo rounds in free trial", () => {
  test("only the session's play money changes: no ledger entry, no bet, the wallet untouched", async () => {
    const { memberId, session } = await playerWith(50_000n, "demo");
    expect(await sessionBalance(handle.db, session)).toBe(DEMO_PLAY_MONEY);
    let expected = DEMO_PLAY_MONEY;
    for (let at = 0; at < 5; at++) {
      const round = await spin(session);
      expected += round.payout - 500n;
      expect(round.mode).toBe("demo");
    }
    expect(await sessionBalance(handle.db, session)).toBe(expected);
    expect(await main(session)).toBe(50_000n);
    expect(await entriesOf(memberId)).toHaveLength(0);
    expect(await betsOf(memberId)).toHaveLength(0);
    expect(
      await handle.db
        .selectFrom("provider_transactions")
        .select("tx_id")
        .where("member_id", "=", memberId)
        .execute(),
    ).toHaveLength(0);
    const rounds = await roundsOf(memberId);
    expect(rounds).toHaveLength(5);
    expect(rounds.every((round) => round.mode === "demo")).toBe(true);
  });

  test("play money runs out like money: refused, nothing written", async () => {
    const { memberId, session } = await playerWith(0n, "demo");
    await handle.db
      .updateTable("game_sessions")
      .set({ demo_balance: "400" })
      .where("id", "=", session.id)
      .execute();
    expect(await codeOf(spin(session, { stake: 500n }))).toBe("insufficient_balance");
    expect(await roundsOf(memberId)).toHaveLength(0);
    expect(await sessionBalance(handle.db, session)).toBe(400n);
  });
});

describe("game recall", () => {
  test("the member's last 10 rounds of the game, newest first, with their outcome", async () => {
    const { memberId, session } = await playerWith(100_000n);
    const played = [];
    for (let at = 0; at < 12; at++) played.push(await spin(session));
    const recall = await recentRounds(handle.db, memberId, SLOT_NODE, 10);
    expect(recall.map((round) => round.id)).toEqual(
      played
        .slice(2)
        .reverse()
        .map((round) => round.id),
    );
    expect(recall[0]!.outcome.summary).toBe(played[11]!.outcome.summary);
    expect(recall[0]!.payout).toBe(played[11]!.payout);
    expect(await recentRounds(handle.db, memberId, TABLE_NODE, 10)).toEqual([]);
    const stranger = await insertMember(handle.db);
    expect(await recentRounds(handle.db, stranger, SLOT_NODE, 10)).toEqual([]);
  });
});
