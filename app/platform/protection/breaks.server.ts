import { sql, type Selectable } from "kysely";
import { audit, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import type { ProtectionBreaksTable } from "../db/schema";
import type { Executor } from "../db/transaction.server";
import { PlatformError } from "../errors";
import { publishSignedOut } from "../events/producers.server";

export type ProtectionBreak = Selectable<ProtectionBreaksTable>;
export type BreakKind = ProtectionBreak["kind"];

/**
 * The stricter of the UKGC and MGA rules (issue 17): a time-out from 24 hours
 * to 6 weeks in whole days, a self-exclusion from 6 months to 5 years in
 * whole months.
 */
export const BREAK_BOUNDS = {
  time_out: { unit: "days", min: 1, max: 42, choices: [1, 3, 7, 14, 30, 42] },
  exclusion: { unit: "months", min: 6, max: 60, choices: [6, 12, 24, 36, 60] },
} as const;

/** After an exclusion has ended the account stays closed this long after the member asks to reopen it. */
export const REOPEN_WAIT_MS = 24 * 60 * 60 * 1000;

export interface BreakRequest {
  memberId: string;
  kind: BreakKind;
  /** Days for a time-out, months for an exclusion. */
  length: number;
  source: ProtectionBreak["source"];
  /** The member themselves, or the operator who added it. */
  actorId: string;
}

export function breakLengthAllowed(kind: BreakKind, length: number): boolean {
  const bounds = BREAK_BOUNDS[kind];
  return Number.isInteger(length) && length >= bounds.min && length <= bounds.max;
}

export function breakEnd(kind: BreakKind, length: number, from: Date): Date {
  const end = new Date(from);
  if (kind === "time_out") end.setTime(from.getTime() + length * 24 * 60 * 60 * 1000);
  else end.setUTCMonth(end.getUTCMonth() + length);
  return end;
}

/**
 * Starts a break at once and signs the member out everywhere. There is no
 * function that ends or shortens one: that is the guarantee, not an omission.
 */
export async function takeBreak(
  db: Database,
  request: BreakRequest,
  context: AuditContext,
  now = new Date(),
): Promise<ProtectionBreak> {
  if (!breakLengthAllowed(request.kind, request.length))
    throw new PlatformError("break_length_out_of_range", { ...BREAK_BOUNDS[request.kind] });
  const endsAt = breakEnd(request.kind, request.length, now);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("protection_breaks")
      .values({
        member_id: request.memberId,
        kind: request.kind,
        starts_at: now,
        ends_at: endsAt,
        source: request.source,
        created_by: request.actorId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.deleteFrom("sessions").where("member_id", "=", request.memberId).execute();
    await publishSignedOut(trx, request.memberId, "break");
    await audit(trx, "protection_break_taken", context, {
      memberId: request.memberId,
      detail: {
        breakId: row.id,
        kind: request.kind,
        length: request.length,
        unit: BREAK_BOUNDS[request.kind].unit,
        endsAt: endsAt.toISOString(),
        source: request.source,
        actorId: request.actorId,
      },
    });
    return row;
  });
}

/**
 * A break that blocks play now. Used by deposits and (folded into its first
 * statement) the seamless wallet's debit: one indexed range scan.
 */
export function runningBreakQuery(db: Executor, memberId: string, at: Date) {
  return db
    .selectFrom("protection_breaks")
    .select(["kind", "ends_at"])
    .where("member_id", "=", memberId)
    .where("ends_at", ">", at)
    .where("starts_at", "<=", at)
    .orderBy("ends_at", "desc")
    .limit(1);
}

/** Refuses money in and play while a break runs. */
export async function assertNoRunningBreak(db: Executor, memberId: string, at: Date) {
  const running = await runningBreakQuery(db, memberId, at).executeTakeFirst();
  if (running) throw breakRefusal(running.kind, new Date(running.ends_at));
}

export function breakRefusal(kind: BreakKind, until: Date) {
  return new PlatformError(kind === "time_out" ? "break_time_out" : "break_exclusion", {
    until: until.toISOString(),
  });
}

export type LoginBlock =
  | { code: "break_time_out" | "break_exclusion"; until: Date }
  | { code: "break_reopen_required"; endedAt: Date }
  | { code: "break_reopen_pending"; until: Date };

/** Ended exclusions whose reopening is not yet complete keep the door shut. */
function openExclusionsQuery(db: Executor, memberId: string, now: Date) {
  return db
    .selectFrom("protection_breaks")
    .selectAll()
    .where("member_id", "=", memberId)
    .where("kind", "=", "exclusion")
    .where("ends_at", "<=", now)
    .where((eb) =>
      eb.or([
        eb("reopen_requested_at", "is", null),
        eb("reopen_requested_at", ">", new Date(now.getTime() - REOPEN_WAIT_MS)),
      ]),
    );
}

/**
 * Why a member may not sign in now, or null. With `reopen`, an ended
 * exclusion's reopening is requested (the member just proved who they are by
 * signing in), and the 24-hour wait starts.
 */
export async function loginBlock(
  db: Database,
  memberId: string,
  options: { reopen?: boolean; context?: AuditContext },
  now = new Date(),
): Promise<LoginBlock | null> {
  const running = await runningBreakQuery(db, memberId, now).executeTakeFirst();
  if (running)
    return {
      code: running.kind === "time_out" ? "break_time_out" : "break_exclusion",
      until: new Date(running.ends_at),
    };
  const open = await openExclusionsQuery(db, memberId, now).execute();
  if (open.length === 0) return null;
  const unrequested = open.filter((row) => row.reopen_requested_at === null);
  if (unrequested.length > 0 && !options.reopen) {
    const endedAt = new Date(Math.max(...open.map((row) => new Date(row.ends_at).getTime())));
    return { code: "break_reopen_required", endedAt };
  }
  if (unrequested.length > 0) {
    await db
      .updateTable("protection_breaks")
      .set({ reopen_requested_at: now })
      .where(
        "id",
        "in",
        unrequested.map((row) => row.id),
      )
      .where("reopen_requested_at", "is", null)
      .execute();
    await audit(db, "protection_reopen_requested", options.context ?? NO_CONTEXT, {
      memberId,
      detail: { breakIds: unrequested.map((row) => row.id) },
    });
  }
  const requested = open.map((row) =>
    row.reopen_requested_at ? new Date(row.reopen_requested_at).getTime() : now.getTime(),
  );
  return { code: "break_reopen_pending", until: new Date(Math.max(...requested) + REOPEN_WAIT_MS) };
}

const NO_CONTEXT: AuditContext = { ip: null, userAgent: null };

/** A member's breaks, newest first: the member's page and the operator's trail. */
export function breaksOf(db: Database, memberId: string) {
  return db
    .selectFrom("protection_breaks")
    .selectAll()
    .where("member_id", "=", memberId)
    .orderBy("id", "desc")
    .limit(50)
    .execute();
}

/** The break each of these members is on now (agents' team list): id → kind and end. */
export async function runningBreaks(db: Database, memberIds: string[], now = new Date()) {
  if (memberIds.length === 0) return new Map<string, { kind: BreakKind; endsAt: string }>();
  const rows = await db
    .selectFrom("protection_breaks")
    .select(["member_id", "kind", "ends_at"])
    .where("member_id", "in", memberIds)
    .where("ends_at", ">", now)
    .where("starts_at", "<=", now)
    .orderBy("ends_at", "asc")
    .execute();
  // Ordered by end, so the longest break of a member is the one kept.
  return new Map(
    rows.map((row) => [
      row.member_id,
      { kind: row.kind, endsAt: new Date(row.ends_at).toISOString() },
    ]),
  );
}

/** `sql` fragment for the seamless debit: the end of a running break, or null. */
export function runningBreakEnd(memberId: string, at: Date) {
  return sql<Date | null>`(select max(ends_at) from protection_breaks where member_id = ${memberId} and ends_at > ${at} and starts_at <= ${at})`;
}
