import { sql, type Kysely } from "kysely";
import type { Audience, LiveEvent, LiveEventData, LiveEventType } from "./types";
import type { Database } from "../db/open.server";
import type { DB } from "../db/schema";

/** The NOTIFY channel; its payload is an outbox id. */
export const EVENT_CHANNEL = "portal_events";

/** How long the outbox keeps an event for replay (the scheduler prunes older rows). */
export const OUTBOX_KEEP_MS = 10 * 60_000;

/** The change's transaction (or a connection: then the one statement is its own transaction). */
type Executor = Kysely<DB>;

export type NewLiveEvent<T extends LiveEventType = LiveEventType> = {
  audience: Audience;
  type: T;
  data: LiveEventData[T];
};

/**
 * Publishes a live event with the change it announces: pass the change's
 * transaction. One statement writes the outbox row and queues the NOTIFY,
 * which PostgreSQL delivers on commit, so a rolled-back change announces
 * nothing and a committed one reaches every process that listens.
 */
export function publishEvent<T extends LiveEventType>(db: Executor, event: NewLiveEvent<T>) {
  return publishEvents(db, [event]);
}

/** Several events in one statement (a ledger entry touching two members). */
export async function publishEvents(db: Executor, events: readonly NewLiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  const values = events.map(({ audience, type, data }) => {
    const memberId = "memberId" in audience ? audience.memberId : null;
    const topic = "topic" in audience ? audience.topic : null;
    return sql`(${memberId}::bigint, ${topic}::text, ${type}::text, ${JSON.stringify(data)}::jsonb)`;
  });
  await sql`
    with row as (
      insert into event_outbox (member_id, topic, type, data)
      values ${sql.join(values)}
      returning id)
    select pg_notify(${EVENT_CHANNEL}, id::text) from row`.execute(db);
}

type OutboxRow = {
  id: string;
  member_id: string | null;
  topic: string | null;
  type: string;
  data: unknown;
};

const toEvent = (row: OutboxRow): LiveEvent => ({
  id: row.id,
  audience: row.member_id !== null ? { memberId: row.member_id } : { topic: row.topic! },
  type: row.type as LiveEventType,
  data: (typeof row.data === "string" ? JSON.parse(row.data) : row.data) as never,
});

const columns = ["id", "member_id", "topic", "type", "data"] as const;

/** The events with these ids (what a batch of notifications named), in id order. */
export async function readEvents(db: Database, ids: readonly string[]): Promise<LiveEvent[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("event_outbox")
    .select(columns)
    .where("id", "in", ids)
    .orderBy("id")
    .execute();
  return rows.map(toEvent);
}

/**
 * What a stream missed after `afterId` for its member and topics, or null
 * when the outbox no longer reaches back that far (the client revalidates).
 */
export async function replayEvents(
  db: Database,
  afterId: string,
  audience: { memberId: string | null; topics: readonly string[] },
  limit = 200,
): Promise<LiveEvent[] | null> {
  const oldest = await db
    .selectFrom("event_outbox")
    .select((eb) => eb.fn.min("id").as("id"))
    .executeTakeFirst();
  // An id older than the first row kept (or an empty outbox) may have had events since pruned.
  if (oldest?.id == null || BigInt(oldest.id) > BigInt(afterId) + 1n) return null;
  const rows = await db
    .selectFrom("event_outbox")
    .select(columns)
    .where("id", ">", afterId)
    .where((eb) =>
      eb.or([
        ...(audience.memberId ? [eb("member_id", "=", audience.memberId)] : []),
        ...(audience.topics.length > 0 ? [eb("topic", "in", audience.topics)] : []),
      ]),
    )
    .orderBy("id")
    .limit(limit + 1)
    .execute();
  if (rows.length > limit) return null;
  return rows.map(toEvent);
}

/** Events after `afterId`, for every audience: what a listener that lost its connection re-reads. */
export async function eventsAfter(db: Database, afterId: string, limit = 1000) {
  const rows = await db
    .selectFrom("event_outbox")
    .select(columns)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map(toEvent);
}

/** The newest id, where a new listener starts. */
export async function latestEventId(db: Database): Promise<string> {
  const row = await db
    .selectFrom("event_outbox")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return row?.id ?? "0";
}

/** Drops events older than the replay window; the scheduler's job. */
export async function pruneOutbox(db: Database, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("event_outbox")
    .where("created_at", "<", new Date(now.getTime() - OUTBOX_KEEP_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
