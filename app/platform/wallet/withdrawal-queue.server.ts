import { maskAccountNumber } from "./payees.server";
import { proofIdsByWithdrawal } from "./withdrawal-proofs.server";
import { openText } from "../db/at-rest.server";
import type { Database } from "../db/open.server";
import type { WithdrawalStatus } from "../db/schema";

/** What the operator's queue can show: one state, every open one (work to do), or everything. */
export type QueueFilter = WithdrawalStatus | "open" | "all";

/** The states that still need an operator or the member (the withdrawals_open index). */
export const OPEN_STATUSES: readonly WithdrawalStatus[] = [
  "pending",
  "approved",
  "paid",
  "disputed",
];

/**
 * The back office's withdrawal queue, oldest first so the longest
 * waiting is handled first: member account, payee, amount, state, the
 * member's receipt answer and proof ids. The payee's full number shows only
 * while the operator has to pay it (approved); masked otherwise.
 */
export async function listWithdrawalQueue(
  db: Database,
  { filter, page, pageSize }: { filter: QueueFilter; page: number; pageSize: number },
) {
  const statuses = filter === "all" ? null : filter === "open" ? [...OPEN_STATUSES] : [filter];
  let rows = db
    .selectFrom("withdrawals")
    .innerJoin("members", "members.id", "withdrawals.member_id")
    .innerJoin("payee_accounts", "payee_accounts.id", "withdrawals.payee_account_id");
  let count = db.selectFrom("withdrawals");
  if (statuses) {
    rows = rows.where("withdrawals.status", "in", statuses);
    count = count.where("status", "in", statuses);
  }
  const [found, total] = await Promise.all([
    rows
      .select([
        "withdrawals.id",
        "withdrawals.amount",
        "withdrawals.status",
        "withdrawals.reject_reason",
        "withdrawals.received_amount",
        "withdrawals.receipt",
        "withdrawals.receipt_note",
        "withdrawals.created_at",
        "withdrawals.paid_at",
        "withdrawals.decided_by",
        "members.account",
        "payee_accounts.provider",
        "payee_accounts.holder_name",
        "payee_accounts.account_number",
      ])
      .orderBy("withdrawals.id", "asc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    count.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow(),
  ]);
  const proofs = await proofIdsByWithdrawal(
    db,
    found.map((row) => row.id),
  );
  const withdrawals = found.map(({ account_number, ...row }) => ({
    ...row,
    // The full number only while the operator has to pay it.
    payee_number:
      row.status === "approved"
        ? openText(account_number)
        : maskAccountNumber(openText(account_number)),
    proof_ids: proofs.get(row.id) ?? [],
  }));
  return { withdrawals, total: Number(total.count) };
}
