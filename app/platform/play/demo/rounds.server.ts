import { sql } from "kysely";
import {
  engineFor,
  engineKind,
  playEngine,
  validConfig,
  type EngineId,
  type Outcome,
} from "./engines";
import type { RouletteBet } from "./engines/roulette";
import { fairSource } from "./fair";
import { lockActiveSeed } from "./fair.server";
import type { Database } from "../../db/open.server";
import type { PlayMode } from "../../db/schema";
import { inTransaction } from "../../db/transaction.server";
import { PlatformError } from "../../errors";
import { getBrandConfig } from "../../system/settings.server";
import { type MemberAccountKind } from "../../wallet/ledger.server";
import { playAccount, type GameSession } from "../game-sessions.server";
import { DEMO_PROVIDER } from "../providers/demo.server";
import { credit, debit, seamlessBalance, type SeamlessPlayer } from "../seamless-wallet.server";

/**
 * A round of the demo provider. Real money moves only through the seamless
 * wallet, as an outside provider's would: a debit of the stake, then a credit
 * of the payout (0 for a loss) carrying the outcome, both keyed by the spin
 * form's round key. Free-trial rounds only change the session's play money.
 * The round, its nonce and its money are one database transaction: a failure
 * (insufficient balance …) leaves nothing behind, and the same round key
 * again returns the round it played.
 */

/** The spin form's key: fresh in every rendered page, it is the provider's transaction id of the round. */
export const ROUND_KEY = /^[A-Za-z0-9_-]{16,64}$/;

export interface RoundRequest {
  roundKey: string;
  /** Minor units. */
  stake: bigint;
  /** At the roulette table. */
  bet?: RouletteBet;
}

export interface PlayedRound {
  id: string;
  engine: EngineId;
  mode: PlayMode;
  outcome: Outcome;
  stake: bigint;
  payout: bigint;
  /** True when the key had played before: nothing new happened. */
  replayed: boolean;
}

export interface RoundRecord {
  id: string;
  engine: string;
  mode: PlayMode;
  seedId: string;
  nonce: number;
  stake: bigint;
  payout: bigint;
  outcome: Outcome;
  createdAt: Date;
}

type RoundRow = {
  id: string;
  engine: string;
  mode: PlayMode;
  seed_id: string;
  nonce: number;
  stake: string;
  payout: string;
  outcome: unknown;
  created_at: Date | string;
};

/** The columns of `game_rounds` a RoundRecord is read from (`roundRecordOf`). */
export const ROUND_COLUMNS = [
  "id",
  "engine",
  "mode",
  "seed_id",
  "nonce",
  "stake",
  "payout",
  "outcome",
  "created_at",
] as const;

const parseOutcome = (value: unknown): Outcome =>
  (typeof value === "string" ? JSON.parse(value) : value) as Outcome;

/** A `game_rounds` row as the platform works with it: money as bigints, the outcome parsed. */
export const roundRecordOf = (row: RoundRow): RoundRecord => ({
  id: row.id,
  engine: row.engine,
  mode: row.mode,
  seedId: row.seed_id,
  nonce: row.nonce,
  stake: BigInt(row.stake),
  payout: BigInt(row.payout),
  outcome: parseOutcome(row.outcome),
  createdAt: new Date(row.created_at),
});

/** The seamless-wallet player of a real-money session: MAIN, or the vendor's wallet for a transfer-wallet vendor. */
export async function sessionPlayer(
  db: Database,
  session: GameSession,
  account?: MemberAccountKind,
): Promise<SeamlessPlayer> {
  return {
    memberId: session.memberId,
    account: account ?? playAccount((await getBrandConfig(db)).wallet, session.game.vassalage),
    game: session.game,
  };
}

/** What the member may play with in this session: the wallet balance, or the free trial's play money. */
export async function sessionBalance(
  db: Database,
  session: GameSession,
  account?: MemberAccountKind,
): Promise<bigint> {
  if (session.mode === "demo") {
    const row = await db
      .selectFrom("game_sessions")
      .select("demo_balance")
      .where("id", "=", session.id)
      .executeTakeFirst();
    return BigInt(row?.demo_balance ?? "0");
  }
  return seamlessBalance(db, await sessionPlayer(db, session, account));
}

export const SPIN_GAP_MS = 2500;

/** A slot spin starts at least `gapMs` after the member's previous round started (`spin_too_fast`). */
async function assertSpinGap(trx: Database, memberId: string, at: Date, gapMs: number) {
  const last = await trx
    .selectFrom("game_rounds")
    .select("created_at")
    .where("member_id", "=", memberId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (last && at.getTime() - new Date(last.created_at).getTime() < gapMs)
    throw new PlatformError("spin_too_fast", {
      retryAt: new Date(new Date(last.created_at).getTime() + gapMs).toISOString(),
    });
}

export async function playRound(
  db: Database,
  session: GameSession,
  request: RoundRequest,
  options: {
    account?: MemberAccountKind;
    at?: Date;
    /** The brand's `realityCheck.spinGapMs`; a caller that does not say gets the regulated 2.5 s. */
    spinGapMs?: number;
  } = {},
): Promise<PlayedRound> {
  if (!ROUND_KEY.test(request.roundKey)) throw new PlatformError("invalid_transaction");
  const engine = engineFor(session.game);
  const config = { stake: request.stake, bet: request.bet };
  if (!validConfig(engine, config)) throw new PlatformError("invalid_bet");
  const player = session.mode === "real" ? await sessionPlayer(db, session, options.account) : null;
  const at = options.at ?? new Date();
  const spinGapMs = engineKind(engine) === "slot" ? (options.spinGapMs ?? SPIN_GAP_MS) : 0;
  return inTransaction(db, async (trx) => {
    // The member's seed pair is locked first: a second copy of this spin waits here, then finds the round.
    const seeds = await lockActiveSeed(trx, session.memberId);
    const earlier = await trx
      .selectFrom("game_rounds")
      .select(ROUND_COLUMNS)
      .where("member_id", "=", session.memberId)
      .where("round_key", "=", request.roundKey)
      .executeTakeFirst();
    if (earlier) {
      const record = roundRecordOf(earlier);
      return { ...record, engine: record.engine as EngineId, replayed: true };
    }
    // Slot pace (issue 17): the seed lock above orders a member's spins, so two cannot both pass.
    if (spinGapMs > 0) await assertSpinGap(trx, session.memberId, at, spinGapMs);
    const seed = await seeds.take();
    const outcome = playEngine(
      engine,
      fairSource(seed.serverSeed, seed.clientSeed, seed.nonce),
      config,
    );
    const payout = BigInt(outcome.payout);
    const round = await trx
      .insertInto("game_rounds")
      .values({
        session_id: session.id,
        member_id: session.memberId,
        node_id: session.game.nodeId,
        engine,
        mode: session.mode,
        seed_id: seed.id,
        nonce: seed.nonce,
        stake: request.stake.toString(),
        payout: payout.toString(),
        outcome: JSON.stringify(outcome),
        round_key: request.roundKey,
        created_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (player) {
      const roundId = `demo-${round.id}`;
      const detail = { ...outcome, gameRoundId: round.id } as Record<string, unknown>;
      await debit(trx, DEMO_PROVIDER, player, {
        txId: request.roundKey,
        roundId,
        amount: request.stake,
        detail,
        at,
      });
      await credit(trx, DEMO_PROVIDER, player, {
        txId: `${request.roundKey}:win`,
        roundId,
        amount: payout,
        detail,
        at,
      });
    } else {
      // Play money: the stake must be there; the payout comes back in the same statement.
      const paid = await trx
        .updateTable("game_sessions")
        .set({
          demo_balance: sql<string>`demo_balance - ${request.stake.toString()}::bigint + ${payout.toString()}::bigint`,
        })
        .where("id", "=", session.id)
        .where("demo_balance", ">=", request.stake.toString())
        .returning("id")
        .executeTakeFirst();
      if (!paid) throw new PlatformError("insufficient_balance");
    }
    return {
      id: round.id,
      engine,
      mode: session.mode,
      outcome,
      stake: request.stake,
      payout,
      replayed: false,
    };
  });
}

/** Game recall: the member's latest rounds of a game, newest first (both modes). */
export async function recentRounds(
  db: Database,
  memberId: string,
  nodeId: number,
  limit = 10,
): Promise<RoundRecord[]> {
  const rows = await db
    .selectFrom("game_rounds")
    .select(ROUND_COLUMNS)
    .where("member_id", "=", memberId)
    .where("node_id", "=", nodeId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(roundRecordOf);
}

/** One of the member's rounds (null when the id is not theirs). */
export async function roundOf(
  db: Database,
  memberId: string,
  roundId: string,
): Promise<RoundRecord | null> {
  if (!/^\d{1,18}$/.test(roundId)) return null;
  const row = await db
    .selectFrom("game_rounds")
    .select(ROUND_COLUMNS)
    .where("member_id", "=", memberId)
    .where("id", "=", roundId)
    .executeTakeFirst();
  return row ? roundRecordOf(row) : null;
}
