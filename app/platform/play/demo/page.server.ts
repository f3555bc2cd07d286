import type { Database } from "../../db/open.server";
import type { BrandConfig } from "../../system/brand-config.server";
import { findGameSession, playAccount, type GameSession } from "../game-sessions.server";
import { engineFor, engineKind, engineRtp, stakeOptions, type EngineId } from "./engines";
import type { Fraction } from "./engines/fraction";
import { REELS, ROWS } from "./engines/slot";
import { slotVariant } from "./engines/slot-variants";
import { activeSeedPair, revealedSeedPairs } from "./fair.server";
import { recentRounds, roundOf, sessionBalance, type RoundRecord } from "./rounds.server";

/**
 * What a demo game page shows, gathered for the iframe routes
 * (app/routes/demo-games.*): all of it scoped to the session's member.
 */

/**
 * The session behind a game page's token, or null (unknown, expired, or the
 * browser is signed in as somebody else: a token opens only its own member's game).
 */
export async function demoSessionFor(
  db: Database,
  token: string,
  signedInMemberId: string | null,
): Promise<GameSession | null> {
  const session = await findGameSession(db, token);
  if (!session) return null;
  if (signedInMemberId !== null && signedInMemberId !== session.memberId) return null;
  return session;
}

/** An exact RTP as a percentage with two decimals ("96.00", "97.30"). */
export function percent(rtp: Fraction): string {
  const hundredths = (rtp.num * 20_000n + rtp.den) / (2n * rtp.den);
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}`;
}

const roundView = (round: RoundRecord, activeSeedId: string) => ({
  id: round.id,
  mode: round.mode,
  stake: round.stake.toString(),
  payout: round.payout.toString(),
  summary: round.outcome.summary,
  createdAt: round.createdAt.toISOString(),
  nonce: round.nonce,
  verifiable: round.seedId !== activeSeedId,
});

/** The slot's reels at rest (stop 0 of each strip), before a first spin. */
function restingRows(engine: EngineId): string[][] {
  const variant = slotVariant(engine.slice(5))!;
  const strips = variant.design.reelSets.lean;
  return Array.from({ length: ROWS }, (_, row) =>
    Array.from({ length: REELS }, (_, reel) => strips[reel]![row]!),
  );
}

export async function demoGamePage(
  db: Database,
  session: GameSession,
  brand: Pick<BrandConfig, "currency" | "wallet">,
  query: { roundId: string | null; rotated: boolean },
) {
  const memberId = session.memberId;
  const engine = engineFor(session.game);
  const kind = engineKind(engine)!;
  const account = playAccount(brand.wallet, session.game.vassalage);
  const [balance, seed, revealed, recall, result] = await Promise.all([
    sessionBalance(db, session, account),
    activeSeedPair(db, memberId),
    revealedSeedPairs(db, memberId, 3),
    recentRounds(db, memberId, session.game.nodeId, 10),
    query.roundId === null ? null : roundOf(db, memberId, query.roundId),
  ]);
  // A round that is not this member's (or not this game's) is not found.
  if (query.roundId !== null && (!result || result.engine !== engine)) return null;
  const stakes = stakeOptions(engine, brand.currency.minorUnits).map(String);
  const lastStake = result?.stake.toString() ?? recall[0]?.stake.toString();
  const lastBet =
    result?.outcome.engine === "roulette"
      ? result.outcome.bet
      : recall[0]?.outcome.engine === "roulette"
        ? recall[0].outcome.bet
        : null;
  const slot = kind === "slot" ? slotVariant(engine.slice(5))! : null;
  return {
    engine: {
      kind,
      id: engine,
      rtp: percent(engineRtp(engine)),
      restingRows: kind === "slot" ? restingRows(engine) : null,
      paytable: slot
        ? slot.design.symbols.map((symbol) => ({ symbol, pays: [...slot.design.pays[symbol]!] }))
        : null,
    },
    balance: balance.toString(),
    stakes,
    stake: lastStake && stakes.includes(lastStake) ? lastStake : stakes[0]!,
    bet: lastBet ?? { kind: "red" },
    result: result ? { ...roundView(result, seed.id), outcome: result.outcome } : null,
    recall: recall.map((round) => roundView(round, seed.id)),
    fairness: {
      serverSeedHash: seed.serverSeedHash,
      clientSeed: seed.clientSeed,
      nextNonce: seed.nextNonce,
      rotated: query.rotated,
      revealed: revealed.map((pair) => ({
        id: pair.id,
        serverSeed: pair.serverSeed!,
        serverSeedHash: pair.serverSeedHash,
        clientSeed: pair.clientSeed,
        rounds: pair.nextNonce,
      })),
    },
  };
}
