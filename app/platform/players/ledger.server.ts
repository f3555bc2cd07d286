import type { ExpressionBuilder } from "kysely";
import type { Database } from "../db/open.server";
import type { DB } from "../db/schema";
import {
  POSTING_COLUMNS,
  postingTotals,
  postingsOf,
  recordPage,
  transactionRowOf,
  type Paging,
  type RecordPage,
  type RecordWindow,
  type TransactionRow,
  type TransactionTotals,
} from "../wallet/records.server";

/** A posting of the player's ledger: what the member's own history shows, and the entry's reference. */
export interface PlayerLedgerRow extends TransactionRow {
  entryId: string;
  reference: string | null;
}

/**
 * Every movement on the member's wallets in the window, newest first, each with
 * the balance after it (the running balance) and its entry's id and reference,
 * with the money in, out and net over the window.
 */
export async function playerLedger(
  db: Database,
  memberId: string,
  filter: { window: RecordWindow } & Paging,
): Promise<RecordPage<PlayerLedgerRow, TransactionTotals>> {
  const own = (eb: ExpressionBuilder<DB, "postings" | "accounts" | "entries">) =>
    eb("accounts.member_id", "=", memberId);
  return recordPage(
    filter,
    () => postingsOf(db, own, filter).select(postingTotals).executeTakeFirstOrThrow(),
    (limit, offset) =>
      postingsOf(db, own, filter)
        .select([...POSTING_COLUMNS, "entries.id as entry_id"])
        .orderBy("entries.created_at", "desc")
        .orderBy("postings.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute()
        .then((rows) =>
          rows.map((row) => ({
            ...transactionRowOf(row),
            entryId: String(row.entry_id),
            reference: row.ref,
          })),
        ),
  );
}
