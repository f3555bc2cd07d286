import { REMEMBER_ME_MS } from "./constants";
import { maySignInTo } from "./member-types";
import type { IdentityPolicy } from "./policy.server";
import { hashToken, randomToken } from "./secrets.server";
import { isSessionEndReason, type SessionEndReason } from "./session-ends";
import { audit, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import type { Member, Site } from "../db/schema";
import { publishSignedOut } from "../events/producers.server";
import type { LiveEventData } from "../events/types";
import { markSessionEnded } from "../protection/reality.server";

/** last_seen_at is written at most this often: a page view is not worth a write each time. */
const TOUCH_EVERY_MS = 60_000;

export type { Site };

export interface NewSession {
  token: string;
  /** Which cookie carries it (app/utils/session.server.ts). */
  site: Site;
  expiresAt: Date;
  /** The cookie's lifetime: one day with remember-me, the browser session otherwise. */
  cookieMaxAgeSeconds: number | undefined;
}

/** A fresh random token for every login; only its hash is stored. */
export async function createSession(
  db: Database,
  input: { memberId: string; site: Site; remember: boolean } & AuditContext,
  policy: Pick<IdentityPolicy, "sessionAbsoluteMs">,
  now = new Date(),
): Promise<NewSession> {
  const token = randomToken();
  const lifetime = input.remember ? REMEMBER_ME_MS : policy.sessionAbsoluteMs;
  const expiresAt = new Date(now.getTime() + lifetime);
  await db.transaction().execute(async (trx) => {
    // Locked, so two first sign-ins at once cannot both be the first.
    const before = await trx
      .selectFrom("members")
      .select("last_login_at")
      .where("id", "=", input.memberId)
      .forUpdate()
      .executeTakeFirst();
    await trx
      .insertInto("sessions")
      .values({
        token_hash: hashToken(token),
        member_id: input.memberId,
        site: input.site,
        remember: input.remember,
        created_at: now,
        last_seen_at: now,
        expires_at: expiresAt,
        ip: input.ip,
        user_agent: input.userAgent?.slice(0, 300) ?? null,
        first_login: before !== undefined && before.last_login_at === null,
      })
      .execute();
    await trx
      .updateTable("members")
      .set({ last_login_at: now })
      .where("id", "=", input.memberId)
      .execute();
  });
  return {
    token,
    site: input.site,
    expiresAt,
    cookieMaxAgeSeconds: input.remember ? REMEMBER_ME_MS / 1000 : undefined,
  };
}

export interface ActiveSession {
  sessionId: string;
  /** Where it was opened: a reader accepts only its own sites. */
  site: Site;
  /** The member's first sign-in ever (a first-time login). */
  firstLogin: boolean;
  member: Member;
}

/**
 * The member behind a token, or null when the token is unknown, past its
 * absolute expiry, or idle for longer than the idle lifetime (remember-me
 * sessions are only bound by their one day). Disabled accounts have no session.
 */
export async function readSession(
  db: Database,
  token: string,
  policy: Pick<IdentityPolicy, "sessionIdleMs">,
  now = new Date(),
): Promise<ActiveSession | null> {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("members", "members.id", "sessions.member_id")
    .selectAll("members")
    // The member's own session time limit (issue 17, protection/reality.server) rides on this read.
    .leftJoin("reality_checks", "reality_checks.member_id", "sessions.member_id")
    .select([
      "sessions.id as session_id",
      "sessions.site as session_site",
      "sessions.created_at as session_created_at",
      "reality_checks.session_limit_minutes as session_limit_minutes",
      "sessions.last_seen_at as session_last_seen_at",
      "sessions.expires_at as session_expires_at",
      "sessions.remember as session_remember",
      "sessions.first_login as session_first_login",
      "sessions.ended_at as session_ended_at",
    ])
    .where("sessions.token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.session_ended_at !== null) return null;
  const lastSeen = new Date(row.session_last_seen_at).getTime();
  const idleExpired = !row.session_remember && lastSeen + policy.sessionIdleMs <= now.getTime();
  const limitReached =
    row.session_limit_minutes !== null &&
    new Date(row.session_created_at).getTime() + row.session_limit_minutes * 60_000 <=
      now.getTime();
  if (
    new Date(row.session_expires_at) <= now ||
    idleExpired ||
    limitReached ||
    !maySignInTo(row.status, row.session_site)
  ) {
    if (limitReached) {
      await endSession(db, row.session_id, "session_limit", now);
      await markSessionEnded(db, row.id, now);
    } else await db.deleteFrom("sessions").where("id", "=", row.session_id).execute();
    return null;
  }
  if (now.getTime() - lastSeen >= TOUCH_EVERY_MS) {
    await db
      .updateTable("sessions")
      .set({ last_seen_at: now })
      .where("id", "=", row.session_id)
      .execute();
  }
  const {
    session_id,
    session_site,
    session_created_at: _created,
    session_limit_minutes: _limit,
    session_last_seen_at: _seen,
    session_expires_at: _expires,
    session_remember: _remember,
    session_first_login,
    session_ended_at: _ended,
    ...member
  } = row;
  return {
    sessionId: session_id,
    site: session_site as Site,
    firstLogin: session_first_login,
    member,
  };
}

/** Kept with its reason rather than deleted, so the member's next request can be told (0017-session-ends). */
function endSession(db: Database, sessionId: string, reason: SessionEndReason, now: Date) {
  return db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable("sessions")
      .set({ ended_at: now, ended_reason: reason })
      .where("id", "=", sessionId)
      .where("ended_at", "is", null)
      .returning("member_id")
      .executeTakeFirst();
    // The member's open event streams close with the session.
    if (ended) await publishSignedOut(trx, ended.member_id, reason);
  });
}

export interface SessionEnd {
  reason: SessionEndReason;
  /** The session time limit that ended it, for the notice. */
  limitMinutes: number | null;
}

/** Why the platform ended the session behind a token; null for a live, unknown or purged one. */
export async function readSessionEnd(db: Database, token: string): Promise<SessionEnd | null> {
  const row = await db
    .selectFrom("sessions")
    .leftJoin("reality_checks", "reality_checks.member_id", "sessions.member_id")
    .select(["sessions.ended_reason", "reality_checks.session_limit_minutes"])
    .where("sessions.token_hash", "=", hashToken(token))
    .where("sessions.ended_at", "is not", null)
    .executeTakeFirst();
  if (!isSessionEndReason(row?.ended_reason)) return null;
  return { reason: row.ended_reason, limitMinutes: row.session_limit_minutes };
}

export function deleteSession(db: Database, token: string): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("sessions")
      .where("token_hash", "=", hashToken(token))
      .returning("member_id")
      .executeTakeFirst();
    // The member's open streams check their sessions and this one's end.
    if (row) await publishSignedOut(trx, row.member_id, "signed_out");
    return row?.member_id ?? null;
  });
}

/**
 * Ends every session of the account inside the caller's transaction (staff
 * disabled it, suspended it, or signed it out): its open pages are told, its
 * next request is refused. Returns how many ended.
 */
export async function endAllSessions(trx: Database, memberId: string): Promise<number> {
  const { numDeletedRows } = await trx
    .deleteFrom("sessions")
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  if (numDeletedRows > 0n) await publishSignedOut(trx, memberId, "signed_out");
  return Number(numDeletedRows);
}

/**
 * Signs out every session of a member but `keepSessionId` (after a password change, a
 * reset, a new phone or e-mail, or the member's own "sign out all other sessions").
 * Returns how many ended.
 */
export function deleteOtherSessions(
  db: Database,
  memberId: string,
  keepSessionId?: string,
  reason: LiveEventData["signed_out"]["reason"] = "password_changed",
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let query = trx.deleteFrom("sessions").where("member_id", "=", memberId);
    if (keepSessionId) query = query.where("id", "!=", keepSessionId);
    const { numDeletedRows } = await query.executeTakeFirst();
    if (numDeletedRows > 0n) await publishSignedOut(trx, memberId, reason);
    return Number(numDeletedRows);
  });
}

/** A live session as the member's security centre lists it. */
export interface MemberSession {
  id: string;
  site: Site;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  /** The session of the request that asks: "this device". */
  current: boolean;
}

/** The member's sessions that are still live, the newest first. */
export async function listMemberSessions(
  db: Database,
  memberId: string,
  currentSessionId: string,
  now = new Date(),
): Promise<MemberSession[]> {
  const rows = await db
    .selectFrom("sessions")
    .select(["id", "site", "ip", "user_agent", "created_at", "last_seen_at"])
    .where("member_id", "=", memberId)
    .where("ended_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("last_seen_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    site: row.site as Site,
    ip: row.ip,
    userAgent: row.user_agent,
    createdAt: new Date(row.created_at),
    lastSeenAt: new Date(row.last_seen_at),
    current: row.id === currentSessionId,
  }));
}

/**
 * The member signs out one of their own sessions (never the current one: that is the sign-out
 * button), or every other one. Returns how many ended; a session of another member is not
 * found, whatever id the form sends.
 */
export async function signOutMemberSessions(
  db: Database,
  input: { memberId: string; currentSessionId: string; sessionId: string | "others" },
  context: AuditContext,
): Promise<number> {
  let ended: number;
  if (input.sessionId === "others") {
    ended = await deleteOtherSessions(db, input.memberId, input.currentSessionId, "signed_out");
  } else {
    ended = await db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom("sessions")
        .where("member_id", "=", input.memberId)
        .where("id", "=", input.sessionId)
        .where("id", "!=", input.currentSessionId)
        .returning("id")
        .executeTakeFirst();
      if (row) await publishSignedOut(trx, input.memberId, "signed_out");
      return row ? 1 : 0;
    });
  }
  await audit(db, "sessions_signed_out", context, {
    memberId: input.memberId,
    detail: { which: input.sessionId === "others" ? "others" : "one", ended },
  });
  return ended;
}

/** Ended sessions go too, by their original expiry: by then their cookie has lapsed as well. */
export async function purgeExpiredSessions(db: Database, now = new Date()) {
  await db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
}

/**
 * A single-use link token (the "?token=" login, e.g. the app-download QR):
 * short-lived, and exchanged for a fresh session, never used as one.
 */
export async function createLoginHandoff(
  db: Database,
  memberId: string,
  policy: Pick<IdentityPolicy, "handoffTtlMs">,
  now = new Date(),
): Promise<string> {
  const token = randomToken();
  await db.deleteFrom("login_handoffs").where("expires_at", "<=", now).execute();
  await db
    .insertInto("login_handoffs")
    .values({
      token_hash: hashToken(token),
      member_id: memberId,
      expires_at: new Date(now.getTime() + policy.handoffTtlMs),
    })
    .execute();
  return token;
}

/** The member a hand-off token names, consuming it; null when unknown, used or expired. */
export async function consumeLoginHandoff(
  db: Database,
  token: string,
  now = new Date(),
): Promise<string | null> {
  const row = await db
    .updateTable("login_handoffs")
    .set({ used_at: now })
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("member_id")
    .executeTakeFirst();
  return row?.member_id ?? null;
}
