import type { Selectable, Transaction } from "kysely";
import { dayIn, startOfDay } from "~/platform/calendar/date-range";
import { audit, type OperatorAct } from "../audit/audit.server";
import { postMessage } from "../content/messages.server";
import type { Database } from "../db/open.server";
import type { DB, WithdrawalsTable } from "../db/schema";
import { PlatformError } from "../errors";
import { findEntryByKey, HOUSE, MAIN, memberKey, postEntry } from "./ledger.server";
import { maskAccountNumber } from "./payees.server";
import type { WalletPolicy } from "./policy";
import { openText } from "../db/at-rest.server";
import { inTransaction } from "../db/transaction.server";
import { publishOpsQueue, publishWithdrawal } from "../events/producers.server";
import { settleBonusesForWithdrawal } from "../rewards/bonus-grants.server";
import { checkProofImages } from "../uploads/proof-images";

/**
 * Withdrawals: requested → funds move from MAIN to the withdrawal hold
 * (the member cannot take them back); the operator approves or rejects (hold
 * → MAIN) and marks it paid (hold → payouts); the member then confirms
 * received, or not (fully or partly) with proof images. A paid withdrawal not
 * confirmed within `autoReceiveMinutes` counts as received. A dispute is
 * settled by the operator: forced receipt (no refund) or refund of the
 * remaining amount to MAIN.
 *
 * Every state change locks the withdrawal row and checks its state, and
 * every money movement is a ledger entry keyed by the withdrawal and step, so
 * an operator's double click moves nothing twice.
 */
export type Withdrawal = Selectable<WithdrawalsTable>;

type Trx = Transaction<DB>;

async function lockWithdrawal(trx: Trx, withdrawalId: string) {
  if (!/^\d{1,18}$/.test(withdrawalId)) throw new PlatformError("not_found");
  const row = await trx
    .selectFrom("withdrawals")
    .selectAll()
    .where("id", "=", withdrawalId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new PlatformError("not_found");
  return row;
}

function expectStatus(withdrawal: Withdrawal, ...allowed: Withdrawal["status"][]) {
  if (!allowed.includes(withdrawal.status))
    throw new PlatformError("withdrawal_state", { status: withdrawal.status });
}

/** The operator's decision in the audit trail, in the decision's own transaction: who, what, before and after. */
function auditDecision(
  trx: Trx,
  act: OperatorAct,
  before: Withdrawal,
  after: Withdrawal,
  detail: Record<string, unknown> = {},
) {
  return audit(trx, "withdrawal_decided", act.context, {
    memberId: before.member_id,
    target: { type: "withdrawal", id: before.id },
    before: { status: before.status },
    after: { status: after.status },
    detail: { amount: String(before.amount), ...detail },
  });
}

export interface WithdrawalRequest {
  memberId: string;
  payeeAccountId: string;
  amount: bigint;
  /** The form's idempotency key. */
  key: string;
  /** The member ticked "forfeit my unfinished bonuses" (the form warns when there are some). */
  forfeitBonuses?: boolean;
}

/**
 * Holds the amount and records the request. The caller has checked the
 * withdraw password. Throws `amount_out_of_range`, `insufficient_balance`,
 * `daily_limit`, `unknown_payee`, `idempotency_key_reused`, and for unfinished
 * bonuses `bonus_wagering_unfinished` or `bonus_forfeit_required` (forfeited
 * in this transaction when the request says `forfeitBonuses`).
 */
export async function requestWithdrawal(
  db: Database,
  input: WithdrawalRequest,
  policy: WalletPolicy,
  timeZone: string,
  now = new Date(),
): Promise<Withdrawal & { replayed: boolean }> {
  const { min, max, dailyCount } = policy.withdraw;
  if (input.amount < BigInt(min) || input.amount > BigInt(max))
    throw new PlatformError("amount_out_of_range", { min, max });
  if (!/^\d{1,18}$/.test(input.payeeAccountId)) throw new PlatformError("unknown_payee");
  return inTransaction(db, async (trx) => {
    // A closed account whose money compliance holds pays nothing out (ADR 53).
    const holder = await trx
      .selectFrom("members")
      .select("funds_held_at")
      .where("id", "=", input.memberId)
      .executeTakeFirst();
    if (holder?.funds_held_at) throw new PlatformError("funds_held");
    const payee = await trx
      .selectFrom("payee_accounts")
      .select("id")
      .where("id", "=", input.payeeAccountId)
      .where("member_id", "=", input.memberId)
      .where("removed_at", "is", null)
      .executeTakeFirst();
    const key = memberKey(input.memberId, "withdraw", input.key);
    // A replay returns the first request below; a new one first settles the unfinished bonuses.
    if (!(await findEntryByKey(trx, key)))
      await settleBonusesForWithdrawal(trx, input.memberId, input.forfeitBonuses ?? false, now);
    const entry = await postEntry(trx, {
      key,
      kind: "withdrawal_hold",
      memberId: input.memberId,
      memo: { payee: input.payeeAccountId },
      movements: [
        {
          from: { memberId: input.memberId, kind: MAIN },
          to: { house: HOUSE.withdrawalHold },
          amount: input.amount,
        },
      ],
    });
    if (entry.replayed) {
      const first = await trx
        .selectFrom("withdrawals")
        .selectAll()
        .where("request_entry_id", "=", entry.id)
        .executeTakeFirstOrThrow();
      return { ...first, replayed: true };
    }
    if (!payee) throw new PlatformError("unknown_payee");
    // Counted after postEntry has locked the member's MAIN account: parallel requests queue here.
    const today = await trx
      .selectFrom("withdrawals")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("member_id", "=", input.memberId)
      .where("created_at", ">=", startOfDay(dayIn(timeZone, now), timeZone))
      .executeTakeFirstOrThrow();
    if (Number(today.count) >= dailyCount)
      throw new PlatformError("daily_limit", { max: dailyCount });
    const withdrawal = await trx
      .insertInto("withdrawals")
      .values({
        member_id: input.memberId,
        payee_account_id: input.payeeAccountId,
        amount: input.amount.toString(),
        request_entry_id: entry.id,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await publishOpsQueue(trx, "withdrawals");
    return { ...withdrawal, replayed: false };
  });
}

export async function approveWithdrawal(
  db: Database,
  withdrawalId: string,
  act: OperatorAct,
  now = new Date(),
) {
  return inTransaction(db, async (trx) => {
    const withdrawal = await lockWithdrawal(trx, withdrawalId);
    if (withdrawal.status === "approved") return withdrawal;
    expectStatus(withdrawal, "pending");
    const updated = await trx
      .updateTable("withdrawals")
      .set({ status: "approved", decided_by: act.operatorId, decided_at: now })
      .where("id", "=", withdrawal.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditDecision(trx, act, withdrawal, updated);
    await publishWithdrawal(trx, updated);
    await postMessage(trx, withdrawal.member_id, "withdrawal_approved", {
      amount: withdrawal.amount,
      withdrawal: withdrawal.id,
    });
    return updated;
  });
}

/** Rejected with a reason: the held amount goes back to MAIN and the member is told. */
export async function rejectWithdrawal(
  db: Database,
  withdrawalId: string,
  act: OperatorAct,
  reason: string,
  now = new Date(),
) {
  return inTransaction(db, async (trx) => {
    const withdrawal = await lockWithdrawal(trx, withdrawalId);
    if (withdrawal.status === "rejected") return withdrawal;
    expectStatus(withdrawal, "pending", "approved");
    const entry = await postEntry(trx, {
      key: `withdrawal:${withdrawal.id}:release`,
      kind: "withdrawal_release",
      memberId: withdrawal.member_id,
      ref: `withdrawal:${withdrawal.id}`,
      movements: [
        {
          from: { house: HOUSE.withdrawalHold },
          to: { memberId: withdrawal.member_id, kind: MAIN },
          amount: BigInt(withdrawal.amount),
        },
      ],
    });
    const updated = await trx
      .updateTable("withdrawals")
      .set({
        status: "rejected",
        reject_reason: reason,
        settle_entry_id: entry.id,
        decided_by: act.operatorId,
        decided_at: now,
      })
      .where("id", "=", withdrawal.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditDecision(trx, act, withdrawal, updated, { reason });
    await publishWithdrawal(trx, updated);
    await postMessage(trx, withdrawal.member_id, "withdrawal_rejected", {
      amount: withdrawal.amount,
      withdrawal: withdrawal.id,
      reason,
    });
    return updated;
  });
}

/**
 * Paid out: hold → payouts; the auto-receive clock starts. Four eyes: the staff
 * member who approved it cannot pay it (`withdrawal_four_eyes`; the database
 * refuses it too).
 */
export async function markWithdrawalPaid(
  db: Database,
  withdrawalId: string,
  act: OperatorAct,
  policy: WalletPolicy,
  now = new Date(),
) {
  return inTransaction(db, async (trx) => {
    const withdrawal = await lockWithdrawal(trx, withdrawalId);
    if (withdrawal.status === "paid") return withdrawal;
    expectStatus(withdrawal, "approved");
    if (withdrawal.decided_by === act.operatorId) throw new PlatformError("withdrawal_four_eyes");
    const entry = await postEntry(trx, {
      key: `withdrawal:${withdrawal.id}:payout`,
      kind: "withdrawal_payout",
      memberId: withdrawal.member_id,
      ref: `withdrawal:${withdrawal.id}`,
      movements: [
        {
          from: { house: HOUSE.withdrawalHold },
          to: { house: HOUSE.payouts },
          amount: BigInt(withdrawal.amount),
        },
      ],
    });
    const updated = await trx
      .updateTable("withdrawals")
      .set({
        status: "paid",
        settle_entry_id: entry.id,
        paid_by: act.operatorId,
        paid_at: now,
        auto_receive_at: new Date(now.getTime() + policy.autoReceiveMinutes * 60_000),
      })
      .where("id", "=", withdrawal.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // The checker's entry names the maker: both are on the row and in the trail.
    await auditDecision(trx, act, withdrawal, updated, { approvedBy: withdrawal.decided_by });
    await publishWithdrawal(trx, updated);
    await postMessage(trx, withdrawal.member_id, "withdrawal_paid", {
      amount: withdrawal.amount,
      withdrawal: withdrawal.id,
    });
    return updated;
  });
}

export interface ProofFile {
  bytes: Uint8Array;
}

export interface ReceiptConfirmation {
  memberId: string;
  withdrawalId: string;
  /** Minor units the member says arrived: the full amount confirms receipt, less opens a dispute. */
  receivedAmount: bigint;
  note?: string;
  proofs: ProofFile[];
}

/**
 * The member's withdrawal confirmation (received amount, remaining amount, proof
 * image). Only the member's own paid withdrawal; proofs are png or jpeg by
 * content, ≤ 5 MB, ≤ 3 per withdrawal. Throws `proof_type`, `proof_size`,
 * `proof_count`, `amount_out_of_range`, `withdrawal_state`, `not_found`.
 */
export async function confirmWithdrawalReceipt(
  db: Database,
  input: ReceiptConfirmation,
  now = new Date(),
) {
  const proofs = checkProofImages(input.proofs);
  return inTransaction(db, async (trx) => {
    const withdrawal = await lockWithdrawal(trx, input.withdrawalId);
    if (withdrawal.member_id !== input.memberId) throw new PlatformError("not_found");
    expectStatus(withdrawal, "paid");
    const amount = BigInt(withdrawal.amount);
    if (input.receivedAmount < 0n || input.receivedAmount > amount)
      throw new PlatformError("amount_out_of_range", { min: 0, max: amount.toString() });
    for (const proof of proofs) {
      await trx
        .insertInto("withdrawal_proofs")
        .values({
          withdrawal_id: withdrawal.id,
          content_type: proof.type,
          size: proof.bytes.byteLength,
          bytes: Buffer.from(proof.bytes),
        })
        .execute();
    }
    const all = input.receivedAmount === amount;
    return trx
      .updateTable("withdrawals")
      .set({
        status: all ? "received" : "disputed",
        receipt: all ? "member" : null,
        received_amount: input.receivedAmount.toString(),
        receipt_note: input.note?.slice(0, 140) ?? null,
        confirmed_at: now,
      })
      .where("id", "=", withdrawal.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Paid withdrawals past their deadline count as received. Returns how many changed. */
export async function autoReceiveDue(db: Database, now = new Date()): Promise<number> {
  const result = await db
    .updateTable("withdrawals")
    .set((eb) => ({
      status: "received",
      receipt: "auto",
      received_amount: eb.ref("amount"),
      confirmed_at: now,
    }))
    .where("status", "=", "paid")
    .where("auto_receive_at", "<=", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The operator settles a dispute: `forced` receipt (the member is refunded
 * nothing), or `refund` of the remaining amount (payouts → MAIN).
 */
export async function resolveDispute(
  db: Database,
  withdrawalId: string,
  act: OperatorAct,
  outcome: "forced" | "refund",
  now = new Date(),
) {
  return inTransaction(db, async (trx) => {
    const withdrawal = await lockWithdrawal(trx, withdrawalId);
    if (
      (outcome === "forced" && withdrawal.status === "received") ||
      (outcome === "refund" && withdrawal.status === "refunded")
    )
      return withdrawal;
    expectStatus(withdrawal, "disputed");
    if (outcome === "forced") {
      const forced = await trx
        .updateTable("withdrawals")
        .set({
          status: "received",
          receipt: "forced",
          resolved_by: act.operatorId,
          resolved_at: now,
        })
        .where("id", "=", withdrawal.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await auditDecision(trx, act, withdrawal, forced, { outcome });
      return forced;
    }
    const remaining = BigInt(withdrawal.amount) - BigInt(withdrawal.received_amount ?? "0");
    let settleEntry = withdrawal.settle_entry_id;
    if (remaining > 0n) {
      const entry = await postEntry(trx, {
        key: `withdrawal:${withdrawal.id}:refund`,
        kind: "withdrawal_refund",
        memberId: withdrawal.member_id,
        ref: `withdrawal:${withdrawal.id}`,
        movements: [
          {
            from: { house: HOUSE.payouts },
            to: { memberId: withdrawal.member_id, kind: MAIN },
            amount: remaining,
          },
        ],
      });
      settleEntry = entry.id;
    }
    const refunded = await trx
      .updateTable("withdrawals")
      .set({
        status: "refunded",
        settle_entry_id: settleEntry,
        resolved_by: act.operatorId,
        resolved_at: now,
      })
      .where("id", "=", withdrawal.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditDecision(trx, act, withdrawal, refunded, {
      outcome,
      refunded: remaining.toString(),
    });
    return refunded;
  });
}

export async function findMemberWithdrawal(db: Database, memberId: string, withdrawalId: string) {
  if (!/^\d{1,18}$/.test(withdrawalId)) return undefined;
  return db
    .selectFrom("withdrawals")
    .selectAll()
    .where("id", "=", withdrawalId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
}

export async function listMemberWithdrawals(
  db: Database,
  memberId: string,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("withdrawals")
      .innerJoin("payee_accounts", "payee_accounts.id", "withdrawals.payee_account_id")
      .select([
        "withdrawals.id",
        "withdrawals.amount",
        "withdrawals.status",
        "withdrawals.reject_reason",
        "withdrawals.received_amount",
        "withdrawals.receipt",
        "withdrawals.auto_receive_at",
        "withdrawals.created_at",
        "withdrawals.paid_at",
        "payee_accounts.provider",
        "payee_accounts.account_number",
      ])
      .where("withdrawals.member_id", "=", memberId)
      .orderBy("withdrawals.id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom("withdrawals")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("member_id", "=", memberId)
      .executeTakeFirstOrThrow(),
  ]);
  // Only the last digits of a payee's number ever leave the platform.
  const withdrawals = rows.map(({ account_number, ...row }) => ({
    ...row,
    masked_number: maskAccountNumber(openText(account_number)),
  }));
  return { withdrawals, total: Number(total.count) };
}
