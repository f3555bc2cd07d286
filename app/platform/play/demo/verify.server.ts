import { engineKind, type EngineId, type Outcome } from "./engines";
import type { RouletteBet } from "./engines/roulette";
import { hashServerSeed, sameOutcome, verifyRound } from "./fair";
import { seedPairOf, type SeedPair } from "./fair.server";
import { roundOf, type RoundRecord } from "./rounds.server";
import type { Database } from "../../db/open.server";

export interface RoundVerification {
  round: RoundRecord;
  seed: SeedPair;
  /** Null until the pair is rotated (its server seed is still secret). */
  recomputed: Outcome | null;
  /** sha256(revealed seed) equals the hash shown before play. */
  hashMatches: boolean | null;
  /** The recomputed outcome equals the stored one. */
  outcomeMatches: boolean | null;
}

/**
 * The verify view of one of the member's rounds: once its pair is revealed,
 * the round is played again from the seed, nonce, engine and the member's
 * own choices (stake, bet) and compared with what was stored and paid.
 */
export async function verifyMemberRound(
  db: Database,
  memberId: string,
  roundId: string,
): Promise<RoundVerification | null> {
  const round = await roundOf(db, memberId, roundId);
  if (!round) return null;
  const seed = await seedPairOf(db, memberId, round.seedId);
  if (!seed) return null;
  if (seed.serverSeed === null)
    return { round, seed, recomputed: null, hashMatches: null, outcomeMatches: null };
  const engine = round.engine as EngineId;
  let recomputed: Outcome | null = null;
  if (engineKind(engine)) {
    const bet =
      round.outcome.engine === "roulette" ? (round.outcome.bet as RouletteBet) : undefined;
    recomputed = verifyRound(seed.serverSeed, seed.clientSeed, round.nonce, engine, {
      stake: round.stake,
      bet,
    });
  }
  return {
    round,
    seed,
    recomputed,
    hashMatches: hashServerSeed(seed.serverSeed) === seed.serverSeedHash,
    outcomeMatches:
      recomputed !== null &&
      sameOutcome(recomputed, round.outcome) &&
      BigInt(recomputed.payout) === round.payout,
  };
}
