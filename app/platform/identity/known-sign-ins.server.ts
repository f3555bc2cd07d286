import { sql } from "kysely";
import { hashToken } from "./secrets.server";
import { audit, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";

/**
 * The places a member has passed a full sign-in from (ADR 37): IP addresses and device
 * cookies. A sign-in from neither asks for the step-up. Lookups go by a SHA-256 of the
 * value, so the device cookie itself is never stored; what the member's list shows is kept
 * beside it (the IP, or the browser's user agent).
 */

/** The demo's accounts count these as known: signing in on one's own machine stays one step. */
export const LOOPBACK_ADDRESSES = ["127.0.0.1", "::1", "::ffff:127.0.0.1"] as const;

/**
 * A place not signed in from for this long is forgotten by the scheduler; the device
 * cookie lives as long, so a device row outliving it could never match again.
 */
export const KNOWN_SIGN_IN_KEPT_DAYS = 400;

/** The member's list shows at most this many, the most recently used first. */
export const KNOWN_SIGN_INS_SHOWN = 50;

const valueHash = (kind: "ip" | "device", value: string) => hashToken(`${kind}:${value}`);

/** Whether the IP or the device cookie is one the member has passed a sign-in from. */
export async function isKnownSignIn(
  db: Database,
  memberId: string,
  ip: string | null,
  deviceId: string | null | undefined,
): Promise<boolean> {
  const hashes = [
    ...(ip ? [valueHash("ip", ip)] : []),
    ...(deviceId ? [valueHash("device", deviceId)] : []),
  ];
  if (!hashes.length) return false;
  const row = await db
    .selectFrom("known_sign_ins")
    .select("kind")
    .where("member_id", "=", memberId)
    .where("value_hash", "in", hashes)
    .executeTakeFirst();
  return Boolean(row);
}

export interface SignInPlace {
  ip: string | null;
  deviceId?: string | null;
  /** The browser's user agent: what the list shows for the device. */
  userAgent?: string | null;
}

/** Records (or refreshes) the IP and device a sign-in passed from; returns whether the IP was new. */
export async function recordKnownSignIn(
  db: Database,
  memberId: string,
  place: SignInPlace,
  now = new Date(),
): Promise<boolean> {
  let newIp = false;
  for (const [kind, value, shown] of [
    ["ip", place.ip, place.ip],
    ["device", place.deviceId, place.userAgent?.slice(0, 300) ?? null],
  ] as const) {
    if (!value) continue;
    const row = await db
      .insertInto("known_sign_ins")
      .values({
        member_id: memberId,
        kind,
        value_hash: valueHash(kind, value),
        shown_value: shown,
        first_seen_at: now,
        last_seen_at: now,
      })
      .onConflict((oc) =>
        oc.columns(["member_id", "kind", "value_hash"]).doUpdateSet({
          last_seen_at: now,
          shown_value: sql`coalesce(excluded.shown_value, known_sign_ins.shown_value)`,
        }),
      )
      .returning(sql<boolean>`(xmax = 0)`.as("inserted"))
      .executeTakeFirstOrThrow();
    if (kind === "ip" && row.inserted) newIp = true;
  }
  return newIp;
}

export interface KnownSignIn {
  id: string;
  kind: "ip" | "device";
  /** The IP, or the device's user agent; null for a place recorded before the list existed. */
  shownValue: string | null;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

/** The member's known places, the most recently used first. */
export async function listKnownSignIns(db: Database, memberId: string): Promise<KnownSignIn[]> {
  const rows = await db
    .selectFrom("known_sign_ins")
    .select(["id", "kind", "shown_value", "first_seen_at", "last_seen_at"])
    .where("member_id", "=", memberId)
    .orderBy("last_seen_at", "desc")
    .orderBy("id", "desc")
    .limit(KNOWN_SIGN_INS_SHOWN)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    shownValue: row.shown_value,
    firstSeenAt: new Date(row.first_seen_at),
    lastSeenAt: new Date(row.last_seen_at),
  }));
}

/**
 * Forgets one of the member's known places (by its id) or all of them: the next sign-in
 * from there asks for the step-up again. Only the member's own rows can go, whatever id is
 * sent; forgetting one already gone forgets nothing and is not an error (a doubled submit).
 * Audited with how many were forgotten.
 */
export async function forgetKnownSignIns(
  db: Database,
  memberId: string,
  which: { id: string } | "all",
  context: AuditContext,
): Promise<number> {
  let query = db.deleteFrom("known_sign_ins").where("member_id", "=", memberId);
  if (which !== "all") query = query.where("id", "=", which.id);
  const forgotten = (await query.returning("kind").execute()).map((row) => row.kind);
  if (forgotten.length)
    await audit(db, "known_sign_ins_forgotten", context, {
      memberId,
      detail: {
        which: which === "all" ? "all" : "one",
        ips: forgotten.filter((kind) => kind === "ip").length,
        devices: forgotten.filter((kind) => kind === "device").length,
      },
    });
  return forgotten.length;
}

/** The scheduler's purge: places not signed in from for KNOWN_SIGN_IN_KEPT_DAYS. */
export async function pruneKnownSignIns(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - KNOWN_SIGN_IN_KEPT_DAYS * 86_400_000);
  const result = await db
    .deleteFrom("known_sign_ins")
    .where("last_seen_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
