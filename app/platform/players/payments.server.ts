import { openText } from "../db/at-rest.server";
import type { Database } from "../db/open.server";
import type { DepositStatus, WithdrawalStatus } from "../db/schema";
import { maskAccountNumber } from "../wallet/payees.server";

/** How many of each a payments tab lists, newest first (its count says how many there are in all). */
export const PLAYER_PAYMENTS_SHOWN = 25;

export interface PlayerDeposit {
  id: string;
  channel: string;
  amount: string;
  status: DepositStatus;
  failureReason: string | null;
  createdAt: string;
  settledAt: string | null;
}

export interface PlayerWithdrawal {
  id: string;
  amount: string;
  status: WithdrawalStatus;
  payee: { provider: string; holderName: string; maskedNumber: string };
  rejectReason: string | null;
  createdAt: string;
  /** Who approved (or rejected) it, and who paid it: never the same staff member. */
  decidedBy: string | null;
  decidedAt: string | null;
  paidBy: string | null;
  paidAt: string | null;
}

export interface PlayerPayee {
  id: string;
  kind: "bank" | "ewallet";
  provider: string;
  holderName: string;
  maskedNumber: string;
  createdAt: string;
  removedAt: string | null;
}

export interface PlayerPayments {
  deposits: { rows: PlayerDeposit[]; total: number };
  withdrawals: { rows: PlayerWithdrawal[]; total: number };
  payees: PlayerPayee[];
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/**
 * The member's money in and out: its latest deposits and withdrawals (with the
 * staff who approved and paid each), how many there are in all, and every payee
 * account it has had, removed ones included. Payee numbers only masked.
 */
export async function playerPayments(db: Database, memberId: string): Promise<PlayerPayments> {
  const [deposits, depositCount, withdrawals, withdrawalCount, payees] = await Promise.all([
    db
      .selectFrom("deposits")
      .select(["id", "channel", "amount", "status", "failure_reason", "created_at", "settled_at"])
      .where("member_id", "=", memberId)
      .orderBy("id", "desc")
      .limit(PLAYER_PAYMENTS_SHOWN)
      .execute(),
    db
      .selectFrom("deposits")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("member_id", "=", memberId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("withdrawals")
      .innerJoin("payee_accounts", "payee_accounts.id", "withdrawals.payee_account_id")
      .leftJoin("members as approver", "approver.id", "withdrawals.decided_by")
      .leftJoin("members as payer", "payer.id", "withdrawals.paid_by")
      .select([
        "withdrawals.id",
        "withdrawals.amount",
        "withdrawals.status",
        "withdrawals.reject_reason",
        "withdrawals.created_at",
        "withdrawals.decided_at",
        "withdrawals.paid_at",
        "approver.account as decided_by",
        "payer.account as paid_by",
        "payee_accounts.provider",
        "payee_accounts.holder_name",
        "payee_accounts.account_number",
      ])
      .where("withdrawals.member_id", "=", memberId)
      .orderBy("withdrawals.id", "desc")
      .limit(PLAYER_PAYMENTS_SHOWN)
      .execute(),
    db
      .selectFrom("withdrawals")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("member_id", "=", memberId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("payee_accounts")
      .select([
        "id",
        "kind",
        "provider",
        "holder_name",
        "account_number",
        "created_at",
        "removed_at",
      ])
      .where("member_id", "=", memberId)
      .orderBy("id", "desc")
      .execute(),
  ]);
  return {
    deposits: {
      total: Number(depositCount.n),
      rows: deposits.map((row) => ({
        id: row.id,
        channel: row.channel,
        amount: String(row.amount),
        status: row.status,
        failureReason: row.failure_reason,
        createdAt: iso(row.created_at)!,
        settledAt: iso(row.settled_at),
      })),
    },
    withdrawals: {
      total: Number(withdrawalCount.n),
      rows: withdrawals.map((row) => ({
        id: row.id,
        amount: String(row.amount),
        status: row.status,
        payee: {
          provider: row.provider,
          holderName: row.holder_name,
          maskedNumber: maskAccountNumber(openText(row.account_number)),
        },
        rejectReason: row.reject_reason,
        createdAt: iso(row.created_at)!,
        decidedBy: row.decided_by,
        decidedAt: iso(row.decided_at),
        paidBy: row.paid_by,
        paidAt: iso(row.paid_at),
      })),
    },
    payees: payees.map((row) => ({
      id: row.id,
      kind: row.kind,
      provider: row.provider,
      holderName: row.holder_name,
      maskedNumber: maskAccountNumber(openText(row.account_number)),
      createdAt: iso(row.created_at)!,
      removedAt: iso(row.removed_at),
    })),
  };
}
