import { sql, type Transaction } from "kysely";
import type { DB } from "../db/schema";
import { PlatformError } from "../errors";
import { PERIOD_MS, windowStart, type LimitKind, type LimitPeriod } from "./limits-rules";
import type { Executor } from "../db/transaction.server";

/**
 * How much of each limit is used, and the checks that refuse what would pass
 * one (ADR 20). Windows are rolling and end now. Deposits count when
 * confirmed (`settled_at`); wagers are the stakes of bets placed in the
 * window that were not voided; loss is those stakes minus their payouts (an
 * open bet counts as lost until it settles), so a net win leaves more room.
 * The checks lock the member's limit rows, so parallel deposits or bets of one
 * member queue behind each other and together never pass a limit; a member
 * without limits costs one primary-key lookup that finds nothing.
 */

export interface Headroom {
  kind: LimitKind;
  period: LimitPeriod;
  limit: bigint;
  used: bigint;
  /** What may still go in now (never below 0). */
  allowed: bigint;
  /** When the oldest counted amount leaves the window (room frees up), if anything is counted. */
  freesAt: Date | null;
}

async function limitsInForce(db: Executor, memberId: string, kinds: LimitKind[], lock: boolean) {
  let query = db
    .selectFrom("protection_limits")
    .select(["kind", "period", "amount"])
    .where("member_id", "=", memberId)
    .where("kind", "in", kinds)
    .where("amount", "is not", null);
  if (lock) query = query.forUpdate();
  return query.execute();
}

async function usage(db: Executor, memberId: string, kind: LimitKind, since: Date) {
  if (kind === "deposit") {
    const row = await db
      .selectFrom("deposits")
      .select([
        sql<string>`coalesce(sum(amount), 0)`.as("used"),
        sql<Date | null>`min(settled_at)`.as("oldest"),
      ])
      .where("member_id", "=", memberId)
      .where("status", "=", "confirmed")
      .where("settled_at", ">", since)
      .executeTakeFirstOrThrow();
    return { used: BigInt(row.used), oldest: row.oldest };
  }
  const spent =
    kind === "wager"
      ? sql<string>`coalesce(sum(stake), 0)`
      : sql<string>`coalesce(sum(stake - case when status = 'settled' then payout else 0 end), 0)`;
  const row = await db
    .selectFrom("bets")
    .select([spent.as("used"), sql<Date | null>`min(placed_at)`.as("oldest")])
    .where("member_id", "=", memberId)
    .where("status", "<>", "void")
    .where("placed_at", ">", since)
    .executeTakeFirstOrThrow();
  return { used: BigInt(row.used), oldest: row.oldest };
}

/** Every limit of these kinds with what is used of it, the most restrictive first. */
export async function headroom(
  db: Executor,
  memberId: string,
  kinds: LimitKind[],
  now: Date,
  lock = false,
): Promise<Headroom[]> {
  const limits = await limitsInForce(db, memberId, kinds, lock);
  const rows = await Promise.all(
    limits.map(async (limit) => {
      const { used, oldest } = await usage(
        db,
        memberId,
        limit.kind,
        windowStart(limit.period, now),
      );
      const cap = BigInt(limit.amount!);
      const left = cap - used;
      return {
        kind: limit.kind,
        period: limit.period,
        limit: cap,
        used,
        allowed: left > 0n ? left : 0n,
        freesAt: oldest ? new Date(new Date(oldest).getTime() + PERIOD_MS[limit.period]) : null,
      };
    }),
  );
  return rows.sort((a, b) => (a.allowed < b.allowed ? -1 : a.allowed > b.allowed ? 1 : 0));
}

/** The deposit limit a deposit of `amount` would pass (the most restrictive), or nothing. */
export async function depositLimitPassed(
  db: Executor,
  memberId: string,
  amount: bigint,
  now: Date,
  lock = false,
) {
  const [tightest] = await headroom(db, memberId, ["deposit"], now, lock);
  return tightest && amount > tightest.allowed ? tightest : undefined;
}

/** Refuses a deposit that would pass a limit, with the amount still allowed and when it frees up. */
export async function checkDepositLimit(db: Executor, memberId: string, amount: bigint, now: Date) {
  const passed = await depositLimitPassed(db, memberId, amount, now);
  if (passed)
    // Nothing counted yet: the amount alone is above the limit, and waiting frees nothing.
    throw new PlatformError(passed.freesAt ? "deposit_limit" : "deposit_limit_over", {
      allowed: passed.allowed.toString(),
      period: passed.period,
      freesAt: passed.freesAt?.toISOString() ?? null,
    });
}

/** In the seamless debit's transaction: a stake that would pass a loss or wager limit is refused. */
export async function checkPlayLimits(
  trx: Transaction<DB>,
  memberId: string,
  stake: bigint,
  now: Date,
) {
  const [tightest] = await headroom(trx, memberId, ["loss", "wager"], now, true);
  if (tightest && stake > tightest.allowed)
    throw new PlatformError(tightest.kind === "loss" ? "loss_limit" : "wager_limit", {
      allowed: tightest.allowed.toString(),
      period: tightest.period,
    });
}
