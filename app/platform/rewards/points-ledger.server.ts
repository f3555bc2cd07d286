import type { Executor } from "../db/transaction.server";
import {
  HOUSE,
  POINTS,
  postEntry,
  type EntryKind,
  type PostedEntry,
} from "../wallet/ledger.server";

/**
 * Loyalty points on the ledger (ADR 17): a member's `POINTS` account against
 * the house's `HOUSE:POINTS`, so points are never a counter column. They get
 * the ledger's guarantees as they are: every change is an entry whose
 * postings sum to zero, the idempotency key makes a replay return the first
 * entry, and the `accounts_never_negative` constraint refuses spending more
 * than is held (`insufficient_balance`). Points are whole numbers and never
 * expire.
 */

export interface PointsChange {
  /** Unique per operation (a deposit's, a bet's, a redemption's key): a replay changes nothing. */
  key: string;
  memberId: string;
  /** Whole points, > 0. */
  points: bigint;
  /** What the change is, for the points details (the points types: live … deposit, redeem). */
  source: string;
  ref?: string;
  memo?: Record<string, string>;
  at?: Date;
}

const member = (memberId: string) => ({ memberId, kind: POINTS }) as const;
const house = { house: HOUSE.points } as const;

function movePoints(
  db: Executor,
  change: PointsChange,
  kind: EntryKind,
  toMember: boolean,
): Promise<PostedEntry> {
  const own = member(change.memberId);
  return postEntry(db, {
    key: change.key,
    kind,
    memberId: change.memberId,
    ref: change.ref,
    memo: { ...change.memo, source: change.source },
    at: change.at,
    movements: [
      toMember
        ? { from: house, to: own, amount: change.points }
        : { from: own, to: house, amount: change.points },
    ],
  });
}

/** Points given to a member: earned by a deposit or a bet, or a mission's reward. */
export const awardPoints = (
  db: Executor,
  change: PointsChange,
  kind: EntryKind = "points_earned",
) => movePoints(db, change, kind, true);

/** Points taken from a member (a redemption, a conversion); `insufficient_balance` beyond what is held. */
export const spendPoints = (
  db: Executor,
  change: PointsChange,
  kind: EntryKind = "points_redeemed",
) => movePoints(db, change, kind, false);

/** The member's points balance (0 before the first point). */
export async function pointsBalance(db: Executor, memberId: string): Promise<bigint> {
  const row = await db
    .selectFrom("accounts")
    .select("balance")
    .where("member_id", "=", memberId)
    .where("kind", "=", POINTS)
    .executeTakeFirst();
  return BigInt(row?.balance ?? 0);
}
