import { sql } from "kysely";
import type { Database } from "../db/open.server";

/**
 * Throttles and failure counters live in the database, so every portal
 * process behind the load balancer sees the same counts.
 * Times come from the caller (`now`) so tests can move the clock.
 */

/**
 * True when `key` was not hit within the last `intervalMs` (and records the
 * hit); false when the call is throttled. One atomic statement: two requests
 * in the same millisecond cannot both pass.
 */
export async function hitOncePer(
  db: Database,
  key: string,
  intervalMs: number,
  now = new Date(),
): Promise<boolean> {
  const threshold = new Date(now.getTime() - intervalMs);
  const row = await db
    .insertInto("rate_limits")
    .values({ key, hits: 1, window_started_at: now, last_hit_at: now })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({ hits: sql`rate_limits.hits + 1`, last_hit_at: now })
        .where("rate_limits.last_hit_at", "<=", threshold),
    )
    .returning("key")
    .executeTakeFirst();
  return Boolean(row);
}

/** Counts a hit in a fixed window that restarts once `windowMs` has passed; returns the count. */
export async function countHit(
  db: Database,
  key: string,
  windowMs: number,
  now = new Date(),
): Promise<number> {
  return (await countAttempt(db, key, windowMs, now)).hits;
}

/**
 * The gate and its counter in one statement: one INSERT … ON CONFLICT … RETURNING
 * counts the attempt in a fixed window and returns the count with the window's
 * end. Parallel attempts each get a count of their own (the row lock orders
 * them), so a caller that lets through only `hits <= limit` lets through at most
 * `limit`, however many arrive at once.
 */
export async function countAttempt(
  db: Database,
  key: string,
  windowMs: number,
  now = new Date(),
): Promise<{ hits: number; windowEndsAt: Date }> {
  const windowStart = new Date(now.getTime() - windowMs);
  const row = await db
    .insertInto("rate_limits")
    .values({ key, hits: 1, window_started_at: now, last_hit_at: now })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        hits: sql`case when rate_limits.window_started_at <= ${windowStart} then 1 else rate_limits.hits + 1 end`,
        window_started_at: sql`case when rate_limits.window_started_at <= ${windowStart} then ${now} else rate_limits.window_started_at end`,
        last_hit_at: now,
      }),
    )
    .returning(["hits", "window_started_at"])
    .executeTakeFirstOrThrow();
  return {
    hits: row.hits,
    windowEndsAt: new Date(new Date(row.window_started_at).getTime() + windowMs),
  };
}

export interface LimitState {
  hits: number;
  lockedUntil: Date | null;
}

/** Hits in the current window and any lock still running. */
export async function readLimit(
  db: Database,
  key: string,
  windowMs: number,
  now = new Date(),
): Promise<LimitState> {
  const row = await db
    .selectFrom("rate_limits")
    .select(["hits", "window_started_at", "locked_until"])
    .where("key", "=", key)
    .executeTakeFirst();
  if (!row) return { hits: 0, lockedUntil: null };
  const fresh = new Date(row.window_started_at).getTime() > now.getTime() - windowMs;
  const lockedUntil =
    row.locked_until && new Date(row.locked_until) > now ? new Date(row.locked_until) : null;
  return { hits: fresh ? row.hits : 0, lockedUntil };
}

export async function lockUntil(db: Database, key: string, until: Date) {
  await db.updateTable("rate_limits").set({ locked_until: until }).where("key", "=", key).execute();
}

export async function clearLimit(db: Database, key: string) {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

/**
 * An attempt at a secret, counted before the secret is checked, by the one statement that
 * also returns the count: of any number of parallel attempts at most `limit` are admitted
 * (a read before the check and a write after it would let every parallel request through).
 * Returns the attempt's number when admitted, null when the limit is already used up.
 */
export async function admitAttempt(
  db: Database,
  key: string,
  limit: number,
  windowMs: number,
  now = new Date(),
): Promise<number | null> {
  const hits = await countHit(db, key, windowMs, now);
  return hits <= limit ? hits : null;
}

/** Takes back an admitted attempt that proved right, so an owner's own successes never use up the allowance. */
export async function forgiveAttempt(db: Database, key: string) {
  await db
    .updateTable("rate_limits")
    .set({ hits: sql`greatest(rate_limits.hits - 1, 0)` })
    .where("key", "=", key)
    .execute();
}
