import type { Transaction } from "kysely";
import type { Database } from "./open.server";
import type { DB } from "./schema";

/** What a platform call runs its statements on: the database, or the caller's open transaction. */
export type Executor = Database | Transaction<DB>;

/** Runs `work` in the caller's transaction, or in a new one. */
export function inTransaction<T>(
  db: Executor,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return db.isTransaction
    ? work(db as Transaction<DB>)
    : (db as Database).transaction().execute(work);
}
