import { sql, type Transaction } from "kysely";
import { audit, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import type { DB } from "../db/schema";
import { PlatformError } from "../errors";
import { REALITY_DEFAULT_MINUTES, type BrandConfig } from "../system/brand-config.server";

/**
 * Reality checks and the session time limit (issue 17). The session is the
 * member's login session (`sessions.created_at`): a reminder falls due one
 * interval after the session began, or after the member last answered one
 * in this session. While one is due and unanswered the seamless wallet
 * refuses stakes (`reality_check_due`); once the session's time limit is
 * reached it is signed out and stakes are refused (`session_limit_reached`).
 * Figures are computed from stored times, so a test moves the clock by
 * passing `now` (or backdating the session) rather than waiting.
 */

type Brand = Pick<BrandConfig, "realityCheck">;

export interface RealitySettings {
  /** Minutes between reminders; 0 = off. */
  intervalMinutes: number;
  sessionLimitMinutes: number | null;
  /** False while the member has never chosen: the brand's default applies. */
  chosen: boolean;
}

export interface RealityState {
  sessionStartedAt: Date;
  intervalMinutes: number;
  /** When the next reminder falls due; null when reminders are off. */
  dueAt: Date | null;
  due: boolean;
  limitEndsAt: Date | null;
  limitReached: boolean;
}

const MINUTE = 60_000;

type Row = {
  created_at: Date | string;
  session_id: string;
  interval_minutes: number | null;
  session_limit_minutes: number | null;
  answered_session_id: string | null;
  answered_at: Date | string | null;
};

function stateOf(row: Row, defaultMinutes: number, now: Date): RealityState {
  const started = new Date(row.created_at);
  const interval = row.interval_minutes ?? defaultMinutes;
  const answeredHere = row.answered_at !== null && row.answered_session_id === row.session_id;
  const anchor = answeredHere ? new Date(row.answered_at!) : started;
  const dueAt = interval > 0 ? new Date(anchor.getTime() + interval * MINUTE) : null;
  const limitEndsAt = row.session_limit_minutes
    ? new Date(started.getTime() + row.session_limit_minutes * MINUTE)
    : null;
  return {
    sessionStartedAt: started,
    intervalMinutes: interval,
    dueAt,
    due: dueAt !== null && dueAt <= now,
    limitEndsAt,
    limitReached: limitEndsAt !== null && limitEndsAt <= now,
  };
}

export async function realitySettings(
  db: Database,
  memberId: string,
  brand: Brand,
): Promise<RealitySettings> {
  const row = await db
    .selectFrom("reality_checks")
    .select(["interval_minutes", "session_limit_minutes"])
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return {
    intervalMinutes: row?.interval_minutes ?? brand.realityCheck.defaultIntervalMinutes,
    sessionLimitMinutes: row?.session_limit_minutes ?? null,
    chosen: row?.interval_minutes != null,
  };
}

/** Refused with `invalid_interval` / `invalid_session_limit` unless the brand offers it. */
export async function saveRealitySettings(
  db: Database,
  memberId: string,
  choice: { intervalMinutes: number; sessionLimitMinutes: number | null },
  brand: Brand,
  context: AuditContext,
  now = new Date(),
): Promise<void> {
  const rules = brand.realityCheck;
  if (!rules.intervals.includes(choice.intervalMinutes))
    throw new PlatformError("invalid_interval");
  const limit = choice.sessionLimitMinutes;
  if (
    limit !== null &&
    (!Number.isInteger(limit) ||
      limit < rules.sessionLimitMinutes.min ||
      limit > rules.sessionLimitMinutes.max)
  )
    throw new PlatformError("invalid_session_limit");
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("reality_checks")
      .values({
        member_id: memberId,
        interval_minutes: choice.intervalMinutes,
        session_limit_minutes: limit,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column("member_id").doUpdateSet({
          interval_minutes: choice.intervalMinutes,
          session_limit_minutes: limit,
          updated_at: now,
        }),
      )
      .execute();
    await audit(trx, "reality_check_saved", context, {
      memberId,
      detail: { intervalMinutes: choice.intervalMinutes, sessionLimitMinutes: limit },
    });
  });
}

/**
 * The member's choices and latest live member-site session, in one statement
 * (primary keys and the sessions_member index). A brand file that names no
 * default falls back to the schema's.
 */
function guardRow(db: Database | Transaction<DB>, memberId: string, now: Date) {
  return db
    .selectFrom("members")
    .leftJoin("reality_checks", "reality_checks.member_id", "members.id")
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("sessions")
          .select(["sessions.id", "sessions.created_at"])
          .whereRef("sessions.member_id", "=", "members.id")
          .where("sessions.site", "=", "member")
          .where("sessions.expires_at", ">", now)
          .where("sessions.ended_at", "is", null)
          .orderBy("sessions.created_at", "desc")
          .limit(1)
          .as("live"),
      (join) => join.onTrue(),
    )
    .select([
      "live.id as session_id",
      "live.created_at",
      "reality_checks.interval_minutes",
      "reality_checks.session_limit_minutes",
      "reality_checks.answered_session_id",
      "reality_checks.answered_at",
      "reality_checks.session_ended_at",
      sql<number>`coalesce((select (value #>> '{realityCheck,defaultIntervalMinutes}')::integer from settings where key = 'brand'), ${REALITY_DEFAULT_MINUTES})`.as(
        "default_minutes",
      ),
    ])
    .where("members.id", "=", memberId)
    .executeTakeFirst();
}

/**
 * The seamless wallet's guard before a stake: refused while a reminder is
 * due and unanswered, and once the session's time limit is reached until the
 * member signs in again. Without a live session (a provider settling late)
 * only an ended session refuses.
 */
export async function assertRealityClear(
  db: Database | Transaction<DB>,
  memberId: string,
  now: Date,
): Promise<void> {
  const row = await guardRow(db, memberId, now);
  if (!row) return;
  const ended = row.session_ended_at ? new Date(row.session_ended_at) : null;
  if (ended && (!row.created_at || new Date(row.created_at) <= ended))
    throw new PlatformError("session_limit_reached");
  if (!row.session_id || !row.created_at) return;
  const state = stateOf(
    { ...row, session_id: row.session_id, created_at: row.created_at },
    Number(row.default_minutes),
    now,
  );
  if (state.limitReached) throw new PlatformError("session_limit_reached");
  if (state.due) throw new PlatformError("reality_check_due");
}

/** Called when a session is signed out at its time limit: stakes stay refused until the next sign-in. */
export async function markSessionEnded(db: Database, memberId: string, now: Date) {
  await db
    .updateTable("reality_checks")
    .set({ session_ended_at: now, updated_at: now })
    .where("member_id", "=", memberId)
    .execute();
}

/** What a gambling page shows of this session: clock start, reminder, net win/loss (minor units). */
export async function realityState(
  db: Database,
  memberId: string,
  sessionId: string,
  brand: Brand,
  now = new Date(),
): Promise<(RealityState & { net: bigint }) | null> {
  const row = await db
    .selectFrom("sessions")
    .leftJoin("reality_checks", "reality_checks.member_id", "sessions.member_id")
    .select([
      "sessions.id as session_id",
      "sessions.created_at",
      "reality_checks.interval_minutes",
      "reality_checks.session_limit_minutes",
      "reality_checks.answered_session_id",
      "reality_checks.answered_at",
    ])
    .where("sessions.id", "=", sessionId)
    .where("sessions.member_id", "=", memberId)
    .executeTakeFirst();
  if (!row) return null;
  const state = stateOf(row, brand.realityCheck.defaultIntervalMinutes, now);
  const net = await sessionNet(db, memberId, state.sessionStartedAt);
  return { ...state, net };
}

/** Payouts less stakes of the rounds placed since the session began (bets_member index). */
async function sessionNet(db: Database, memberId: string, since: Date): Promise<bigint> {
  const row = await db
    .selectFrom("bets")
    .select(sql<string>`coalesce(sum(payout - stake), 0)`.as("net"))
    .where("member_id", "=", memberId)
    .where("placed_at", ">=", since)
    .where("status", "<>", "void")
    .executeTakeFirst();
  return BigInt(row?.net ?? "0");
}

/** Continue (or View history): the reminder is answered and the next one counts from now. */
export async function answerReality(
  db: Database,
  memberId: string,
  sessionId: string,
  answer: "continue" | "history" | "logout",
  context: AuditContext,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("reality_checks")
      .values({
        member_id: memberId,
        answered_session_id: sessionId,
        answered_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column("member_id").doUpdateSet({
          answered_session_id: sessionId,
          answered_at: now,
          updated_at: now,
        }),
      )
      .execute();
    await audit(trx, "reality_check_answered", context, { memberId, detail: { answer } });
  });
}
