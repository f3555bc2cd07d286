import { createHash, createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { engineFor } from "~/platform/play/demo/engines";
import {
  canonicalJson,
  fairSource,
  hashServerSeed,
  sameOutcome,
  verifyRound,
} from "~/platform/play/demo/fair";
import { activeSeedPair, rotateSeedPair } from "~/platform/play/demo/fair.server";
import { playRound, roundOf } from "~/platform/play/demo/rounds.server";
import { verifyMemberRound } from "~/platform/play/demo/verify.server";
import {
  createGameSession,
  findGameSession,
  type GameSession,
} from "~/platform/play/game-sessions.server";
import { MAIN } from "~/platform/wallet/ledger.server";
import { createTestDatabase } from "../../helpers/database";
import { codeOf, fundMain, insertGame } from "../../helpers/play";
import { formKey, insertMember } from "../../helpers/wallet";

let handle: DatabaseHandle;
let memberId: string;
let slot: GameSession;
let table: GameSession;

async function openSession(nodeId: number, category: string) {
  const game = await insertGame(handle.db, {
    nodeId,
    category,
    vassalage: category === "RNG" ? "PG" : "EVO",
  });
  const { token } = await createGameSession(handle.db, {
    memberId,
    game,
    provider: "demo",
    mode: "real",
    language: "en",
  });
  return (await findGameSession(handle.db, token))!;
}

const roundKey = () => formKey();

beforeAll(async () => {
  handle = await createTestDatabase();
  memberId = await insertMember(handle.db);
  await fundMain(handle.db, memberId, 1_000_000n);
  slot = await openSession(9_100_001, "RNG");
  table = await openSession(9_100_002, "LIVE");
});
afterAll(() => handle?.close());

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("provably fair rounds", () => {
  test("the hash shown before play is sha256 of the seed revealed after rotation, and every round replays from it", async () => {
    const shown = await activeSeedPair(handle.db, memberId);
    expect(shown.serverSeed).toBeNull();
    expect(shown.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(shown.nextNonce).toBe(0);

    const spins = [];
    for (let at = 0; at < 3; at++)
      spins.push(
        await playRound(
          handle.db,
          slot,
          { roundKey: roundKey(), stake: 500n },
          { account: MAIN, spinGapMs: 0 },
        ),
      );
    const bet = await playRound(
      handle.db,
      table,
      { roundKey: roundKey(), stake: 100n, bet: { kind: "straight", number: 7 } },
      { account: MAIN, spinGapMs: 0 },
    );
    const rounds = await Promise.all(
      [...spins, bet].map((round) => roundOf(handle.db, memberId, round.id)),
    );
    expect(rounds.map((round) => round!.nonce)).toEqual([0, 1, 2, 3]);
    expect(new Set(rounds.map((round) => round!.seedId))).toEqual(new Set([shown.id]));

    // Before rotation the seed is secret: nothing to verify with yet.
    const early = await verifyMemberRound(handle.db, memberId, spins[0]!.id);
    expect(early).toMatchObject({ recomputed: null, outcomeMatches: null, hashMatches: null });
    expect(early!.seed.serverSeed).toBeNull();

    const { revealed, active } = await rotateSeedPair(handle.db, memberId, "my-own-seed");
    expect(revealed.id).toBe(shown.id);
    expect(revealed.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(revealed.serverSeed!)).toBe(shown.serverSeedHash);
    expect(hashServerSeed(revealed.serverSeed!)).toBe(shown.serverSeedHash);
    expect(active).toMatchObject({ clientSeed: "my-own-seed", nextNonce: 0, serverSeed: null });
    expect(active.serverSeedHash).not.toBe(shown.serverSeedHash);

    for (const round of rounds) {
      const config = {
        stake: round!.stake,
        bet: round!.outcome.engine === "roulette" ? round!.outcome.bet : undefined,
      };
      const replayed = verifyRound(
        revealed.serverSeed!,
        revealed.clientSeed,
        round!.nonce,
        round!.engine as never,
        config,
      );
      expect(sameOutcome(replayed, round!.outcome)).toBe(true);
      expect(replayed.payout).toBe(round!.payout.toString());
      const checked = await verifyMemberRound(handle.db, memberId, round!.id);
      expect(checked).toMatchObject({ hashMatches: true, outcomeMatches: true });
    }
  });

  test("another seed, client seed or nonce does not give the stored outcome", async () => {
    // A seed that differs in its last hex digit (one ending in 0 must not be "changed" to 0).
    const otherLastDigit = (seed: string) =>
      `${seed.slice(0, -1)}${seed.endsWith("0") ? "1" : "0"}`;
    const round = await playRound(
      handle.db,
      slot,
      { roundKey: roundKey(), stake: 500n },
      { account: MAIN, spinGapMs: 0 },
    );
    const stored = (await roundOf(handle.db, memberId, round.id))!;
    const { revealed } = await rotateSeedPair(handle.db, memberId);
    const engine = engineFor(slot.game);
    const replay = (serverSeed: string, clientSeed: string, nonce: number) =>
      verifyRound(serverSeed, clientSeed, nonce, engine, { stake: stored.stake });
    expect(
      sameOutcome(replay(revealed.serverSeed!, revealed.clientSeed, stored.nonce), stored.outcome),
    ).toBe(true);
    expect(
      sameOutcome(
        replay(otherLastDigit(revealed.serverSeed!), revealed.clientSeed, stored.nonce),
        stored.outcome,
      ),
    ).toBe(false);
    expect(
      sameOutcome(
        replay(revealed.serverSeed!, `${revealed.clientSeed}x`, stored.nonce),
        stored.outcome,
      ),
    ).toBe(false);
    expect(
      sameOutcome(
        replay(revealed.serverSeed!, revealed.clientSeed, stored.nonce + 1),
        stored.outcome,
      ),
    ).toBe(false);
  });

  test("a tampered stored outcome no longer verifies", async () => {
    const round = await playRound(
      handle.db,
      slot,
      { roundKey: roundKey(), stake: 500n },
      { account: MAIN, spinGapMs: 0 },
    );
    await rotateSeedPair(handle.db, memberId);
    const stored = (await roundOf(handle.db, memberId, round.id))!;
    const forged = { ...stored.outcome, stops: [0, 0, 0, 0, 0] };
    await handle.db
      .updateTable("game_rounds")
      .set({ outcome: JSON.stringify(forged) })
      .where("id", "=", round.id)
      .execute();
    expect(await verifyMemberRound(handle.db, memberId, round.id)).toMatchObject({
      hashMatches: true,
      outcomeMatches: false,
    });
  });

  test("the randomness is the HMAC-SHA256 of clientSeed:nonce:cursor under the server seed, read as 32-bit words", () => {
    const source = fairSource("server", "client", 42);
    const words = Array.from({ length: 9 }, () => source.uint32());
    const block = (cursor: number) =>
      createHmac("sha256", "server").update(`client:42:${cursor}`).digest();
    expect(words.slice(0, 8)).toEqual(
      Array.from({ length: 8 }, (_, at) => block(0).readUInt32BE(at * 4)),
    );
    expect(words[8]).toBe(block(1).readUInt32BE(0));
    // jsonb reorders keys: outcomes compare in canonical form.
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
  });

  test("a member's rounds and seeds are theirs alone; a bad client seed is refused", async () => {
    const round = await playRound(
      handle.db,
      slot,
      { roundKey: roundKey(), stake: 500n },
      { account: MAIN, spinGapMs: 0 },
    );
    const other = await insertMember(handle.db);
    expect(await verifyMemberRound(handle.db, other, round.id)).toBeNull();
    expect(await roundOf(handle.db, other, round.id)).toBeNull();
    const theirs = await activeSeedPair(handle.db, other);
    expect(theirs.serverSeedHash).not.toBe(
      (await activeSeedPair(handle.db, memberId)).serverSeedHash,
    );
    expect(await codeOf(rotateSeedPair(handle.db, memberId, "no spaces allowed"))).toBe(
      "invalid_client_seed",
    );
  });
});
