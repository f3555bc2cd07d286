import { sql, type Selectable, type Transaction } from "kysely";
import { createEntry, setEntryState, type EntryRow } from "./entries.server";
import type { Promotion } from "./promotion-rows.server";
import type { StoredState } from "./promotion-types";
import { turnoverRequired } from "./reward-amount";
import { postMessage } from "../content/messages.server";
import type { Database } from "../db/open.server";
import type { BonusGrantsTable, DB } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { PlatformError } from "../errors";
import { BONUS, HOUSE, MAIN, postEntry } from "../wallet/ledger.server";

/**
 * Bonus money on the ledger (ADR 15). A bonus is one entry from
 * HOUSE:BONUSES, keyed by promotion, member and period so it is paid once
 * whoever asks twice: to the member's BONUS account when it must be wagered
 * first (a `wagering` grant), else straight to MAIN. A wagering grant ends
 * released (BONUS → MAIN, its turnover met), or forfeited / expired
 * (BONUS → HOUSE:BONUSES). The BONUS account therefore always holds exactly
 * the member's wagering grants, and never goes below zero.
 *
 * Lock order, to keep concurrent transactions of one member from
 * deadlocking: grants (`for update`) before ledger accounts, everywhere.
 */
type Trx = Transaction<DB>;
export type Grant = Selectable<BonusGrantsTable>;

export interface IssueRequest {
  promotion: Promotion;
  entryId: string;
  memberId: string;
  periodKey: string;
  amount: bigint;
  /** The qualifying deposit, for turnover on bonus + deposit. */
  deposit?: bigint;
  now: Date;
}

export const issueKey = (promotionId: string, memberId: string, periodKey: string) =>
  `promo:${promotionId}:${memberId}:${periodKey}`;

/** Pays a promotion's reward and records its grant. Returns whether the bonus is locked. */
export async function issueBonus(trx: Trx, request: IssueRequest): Promise<{ locked: boolean }> {
  const { promotion, memberId, amount, now } = request;
  if (amount <= 0n) throw new PlatformError("promotion_amount_invalid");
  const required = turnoverRequired(promotion, amount, request.deposit ?? 0n);
  const locked = required > 0n;
  const entry = await postEntry(trx, {
    key: issueKey(promotion.id, memberId, request.periodKey),
    kind: "bonus",
    memberId,
    ref: `promotion:${promotion.id}`,
    memo: { title: promotion.titles.en ?? Object.values(promotion.titles)[0] ?? promotion.code },
    at: now,
    movements: [
      {
        from: { house: HOUSE.bonuses },
        to: { memberId, kind: locked ? BONUS : MAIN },
        amount,
      },
    ],
  });
  await trx
    .insertInto("bonus_grants")
    .values({
      entry_id: request.entryId,
      member_id: memberId,
      promotion_id: promotion.id,
      amount: amount.toString(),
      turnover_required: required.toString(),
      contributions: JSON.stringify(promotion.contributions),
      contribution_default: promotion.contributionDefault,
      max_bet: promotion.maxBet?.toString() ?? null,
      max_bet_rule: promotion.maxBetRule,
      withdrawal_rule: promotion.withdrawalRule,
      status: locked ? "wagering" : "released",
      issue_entry_id: entry.id,
      settle_entry_id: locked ? null : entry.id,
      issued_at: now,
      expires_at:
        locked && promotion.expiryHours !== null
          ? new Date(now.getTime() + promotion.expiryHours * 3_600_000)
          : null,
      settled_at: locked ? null : now,
    })
    .onConflict((oc) => oc.column("entry_id").doNothing())
    .execute();
  return { locked };
}

/** The turnover is met: the bonus moves to MAIN and the entry is the member's (`claimed`). */
export async function releaseGrant(trx: Trx, grant: Grant, now: Date) {
  const entry = await postEntry(trx, {
    key: `bonus:${grant.id}:release`,
    kind: "bonus_release",
    memberId: grant.member_id,
    ref: `promotion:${grant.promotion_id}`,
    at: now,
    movements: [
      {
        from: { memberId: grant.member_id, kind: BONUS },
        to: { memberId: grant.member_id, kind: MAIN },
        amount: BigInt(grant.amount),
      },
    ],
  });
  await trx
    .updateTable("bonus_grants")
    .set({ status: "released", settle_entry_id: entry.id, settled_at: now })
    .where("id", "=", grant.id)
    .execute();
  await setEntryState(trx, grant.entry_id, "complete", now);
  await postMessage(
    trx,
    grant.member_id,
    "promotion_released",
    { amount: grant.amount, promotion: grant.promotion_id },
    now,
  );
}

export type ForfeitReason = "withdrawal" | "expiry" | "operator";

/** The bonus goes back to the house; the entry is `forfeited` and the member told why. */
export async function forfeitGrant(trx: Trx, grant: Grant, reason: ForfeitReason, now: Date) {
  const entry = await postEntry(trx, {
    key: `bonus:${grant.id}:forfeit`,
    kind: "bonus_forfeit",
    memberId: grant.member_id,
    ref: `promotion:${grant.promotion_id}`,
    memo: { reason },
    at: now,
    movements: [
      {
        from: { memberId: grant.member_id, kind: BONUS },
        to: { house: HOUSE.bonuses },
        amount: BigInt(grant.amount),
      },
    ],
  });
  await trx
    .updateTable("bonus_grants")
    .set({
      status: reason === "expiry" ? "expired" : "forfeited",
      settle_entry_id: entry.id,
      settled_at: now,
    })
    .where("id", "=", grant.id)
    .execute();
  await setEntryState(trx, grant.entry_id, "forfeit", now);
  await postMessage(
    trx,
    grant.member_id,
    "promotion_forfeited",
    { amount: grant.amount, promotion: grant.promotion_id, reason },
    now,
  );
}

/** The member's wagering grants, oldest first, locked for this transaction. */
export function lockWageringGrants(trx: Trx, memberId: string) {
  return trx
    .selectFrom("bonus_grants")
    .selectAll()
    .where("member_id", "=", memberId)
    .where("status", "=", "wagering")
    .orderBy("id")
    .forUpdate()
    .execute();
}

/**
 * A withdrawal request meets the member's unfinished bonuses: a grant whose
 * rule refuses withdrawals stops it (`bonus_wagering_unfinished`); the others
 * are forfeited when the member confirmed it (`forfeitBonuses`), otherwise
 * `bonus_forfeit_required` (details: amount) asks for that confirmation.
 */
export async function settleBonusesForWithdrawal(
  trx: Trx,
  memberId: string,
  forfeitBonuses: boolean,
  now: Date,
) {
  const grants = await lockWageringGrants(trx, memberId);
  if (grants.length === 0) return;
  if (grants.some((grant) => grant.withdrawal_rule === "refuse"))
    throw new PlatformError("bonus_wagering_unfinished");
  if (!forfeitBonuses) {
    const amount = grants.reduce((sum, grant) => sum + BigInt(grant.amount), 0n);
    throw new PlatformError("bonus_forfeit_required", { amount: amount.toString() });
  }
  for (const grant of grants) await forfeitGrant(trx, grant, "withdrawal", now);
}

/**
 * What a withdrawal request would meet (the withdraw page warns with it
 * before the member asks): the member's bonuses still being wagered, their
 * total, and whether one of them refuses withdrawals outright (`refuse`) or
 * all may be forfeited (`forfeit`). Null when nothing is being wagered.
 */
export async function unfinishedBonuses(
  db: Database,
  memberId: string,
): Promise<{ amount: string; rule: "forfeit" | "refuse" } | null> {
  const row = await db
    .selectFrom("bonus_grants")
    .select([
      sql<string | null>`sum(amount)::text`.as("amount"),
      sql<boolean>`coalesce(bool_or(withdrawal_rule = 'refuse'), false)`.as("refuses"),
    ])
    .where("member_id", "=", memberId)
    .where("status", "=", "wagering")
    .executeTakeFirstOrThrow();
  if (row.amount === null) return null;
  return { amount: row.amount, rule: row.refuses ? "refuse" : "forfeit" };
}

/** Scheduler: wagering grants past their expiry go back to the house, each in its own transaction. Returns how many. */
export async function expireGrants(db: Database, now: Date) {
  const due = await db
    .selectFrom("bonus_grants")
    .select(["id", "member_id"])
    .where("status", "=", "wagering")
    .where("expires_at", "<=", now)
    .orderBy("id")
    .execute();
  let expired = 0;
  for (const { id, member_id } of due) {
    await inTransaction(db, async (trx) => {
      const grant = (await lockWageringGrants(trx, member_id)).find((g) => g.id === id);
      if (!grant) return;
      await forfeitGrant(trx, grant, "expiry", now);
      expired++;
    });
  }
  return expired;
}

/**
 * A reward paid on a new entry (`issue` by the system, `claim` when the
 * member opened it): the entry and the bonus in the caller's transaction.
 * Null when this period's entry existed already: nothing is paid twice.
 */
export async function payNewEntry(
  trx: Trx,
  request: {
    promotion: Promotion;
    memberId: string;
    periodKey: string;
    action: "issue" | "claim";
    amount: bigint;
    deposit?: bigint;
    depositId?: string;
  },
  now: Date,
): Promise<{ entry: EntryRow; state: StoredState } | null> {
  const locked = turnoverRequired(request.promotion, request.amount, request.deposit ?? 0n) > 0n;
  const created = await createEntry(trx, { ...request, locked }, now);
  if (!created) return null;
  await issueBonus(trx, { ...request, entryId: created.entry.id, now });
  return created;
}
