import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Database } from "../db/open.server";
import { inTransaction } from "../db/transaction.server";

/** This process, as its leases name it: a restarted process is another one. */
export const PROCESS_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export interface LeaseRequest {
  sessionId: string;
  streamId: string;
  processId: string;
  /** How many streams the session may hold open at once, across processes. */
  limit: number;
  /** How long a lease counts without a renewal: about two heartbeats. */
  ttlMs: number;
  now?: Date;
}

/**
 * Takes one of the session's stream slots, or returns false when its live
 * leases already fill them (or the session is gone). The session's row is
 * locked for the count and the insert, so two processes racing for the last
 * slot take turns and the second one sees the first one's lease.
 */
export async function takeStreamLease(db: Database, request: LeaseRequest): Promise<boolean> {
  const now = request.now ?? new Date();
  return inTransaction(db, async (trx) => {
    const session = await trx
      .selectFrom("sessions")
      .select("id")
      .where("id", "=", request.sessionId)
      .forUpdate()
      .executeTakeFirst();
    if (!session) return false;
    // A killed process never released its leases: they stop counting once expired.
    await trx
      .deleteFrom("event_stream_leases")
      .where("session_id", "=", session.id)
      .where("expires_at", "<=", now)
      .execute();
    const live = await trx
      .selectFrom("event_stream_leases")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("session_id", "=", session.id)
      .executeTakeFirstOrThrow();
    if (Number(live.count) >= request.limit) return false;
    await trx
      .insertInto("event_stream_leases")
      .values({
        stream_id: request.streamId,
        session_id: session.id,
        process_id: request.processId,
        expires_at: new Date(now.getTime() + request.ttlMs),
      })
      .execute();
    return true;
  });
}

/** Keeps a process's open streams' leases alive: one statement per heartbeat for all of them. */
export async function renewStreamLeases(
  db: Database,
  streamIds: readonly string[],
  ttlMs: number,
  now = new Date(),
) {
  if (streamIds.length === 0) return;
  await db
    .updateTable("event_stream_leases")
    .set({ expires_at: new Date(now.getTime() + ttlMs) })
    .where("stream_id", "in", streamIds)
    .execute();
}

/** Frees a closed stream's slot at once. */
export async function releaseStreamLease(db: Database, streamId: string) {
  await db.deleteFrom("event_stream_leases").where("stream_id", "=", streamId).execute();
}
