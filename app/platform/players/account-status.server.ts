import { audit, type OperatorAct } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import { inTransaction } from "../db/transaction.server";
import { PlatformError } from "../errors";
import type { ClosureFunds, ClosureReason, SuspensionReason } from "./suspension";
import { staffResetPending } from "../identity/forced-change";
import { OPERATOR_TYPE, type MemberStatus } from "../identity/member-types";
import { endAllSessions } from "../identity/sessions.server";
import { mainBalance } from "../wallet/balance.server";

/**
 * Staff acts on a member's or agent's account that are not about money:
 * suspend it (its sessions end at once and sign-in says why), reactivate it,
 * sign it out everywhere, require a new password at its next sign-in, close it. Each takes the member row's lock, so two staff
 * members acting at once see each other's result, and each is audited with
 * the state before and after. Staff accounts are not players: they are
 * managed at /ops/staff, and these refuse them as not found.
 */

const target = (memberId: string) => ({ type: "member", id: memberId });

/** The player's row under lock; `player_not_found` for none or for staff. */
export async function lockedPlayer(trx: Database, memberId: string) {
  const row = /^\d{1,18}$/.test(memberId)
    ? await trx
        .selectFrom("members")
        .select([
          "id",
          "account",
          "type",
          "status",
          "status_reason",
          "password_changed_at",
          "password_reset_required_at",
        ])
        .where("id", "=", memberId)
        .forUpdate()
        .executeTakeFirst()
    : undefined;
  if (!row || row.type === OPERATOR_TYPE) throw new PlatformError("player_not_found");
  return row;
}

export interface SuspensionInput {
  memberId: string;
  reason: SuspensionReason;
  note: string;
}

/** Suspends an active account; `player_not_active` when it is not. Returns the sessions ended. */
export function suspendPlayer(
  db: Database,
  input: SuspensionInput,
  act: OperatorAct,
  now = new Date(),
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const player = await lockedPlayer(trx, input.memberId);
    if (player.status !== "active") throw new PlatformError("player_not_active");
    await trx
      .updateTable("members")
      .set({
        status: "suspended",
        status_reason: input.reason,
        status_note: input.note || null,
        status_changed_at: now,
      })
      .where("id", "=", player.id)
      .execute();
    const ended = await endAllSessions(trx, player.id);
    await audit(trx, "player_suspended", act.context, {
      memberId: player.id,
      account: player.account,
      target: target(player.id),
      before: { status: player.status },
      after: { status: "suspended", reason: input.reason },
      detail: { note: input.note || null, sessionsEnded: ended },
    });
    return ended;
  });
}

/** Lifts a suspension; `player_not_suspended` when there is none. */
export function reactivatePlayer(
  db: Database,
  input: { memberId: string; note: string },
  act: OperatorAct,
  now = new Date(),
): Promise<void> {
  return inTransaction(db, async (trx) => {
    const player = await lockedPlayer(trx, input.memberId);
    if (player.status !== "suspended") throw new PlatformError("player_not_suspended");
    await trx
      .updateTable("members")
      .set({ status: "active", status_reason: null, status_note: null, status_changed_at: now })
      .where("id", "=", player.id)
      .execute();
    await audit(trx, "player_reactivated", act.context, {
      memberId: player.id,
      account: player.account,
      target: target(player.id),
      before: { status: player.status as MemberStatus, reason: player.status_reason },
      after: { status: "active" },
      detail: { note: input.note || null },
    });
  });
}

/** Ends every session of the account (a lost phone, a shared computer). Returns how many. */
export function signOutPlayer(db: Database, memberId: string, act: OperatorAct): Promise<number> {
  return inTransaction(db, async (trx) => {
    const player = await lockedPlayer(trx, memberId);
    const ended = await endAllSessions(trx, player.id);
    await audit(trx, "player_signed_out", act.context, {
      memberId: player.id,
      account: player.account,
      target: target(player.id),
      detail: { sessionsEnded: ended },
    });
    return ended;
  });
}

/**
 * Requires a new password at the next sign-in (a leaked password, an account used by someone
 * else): every session ends now, and the sign-in asks for the change, whatever way it is made,
 * until a password newer than this request is set. `player_reset_pending` while an earlier
 * request still waits.
 */
export function requirePasswordReset(
  db: Database,
  memberId: string,
  act: OperatorAct,
  now = new Date(),
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const player = await lockedPlayer(trx, memberId);
    const changedAt = new Date(player.password_changed_at);
    if (staffResetPending(changedAt, player.password_reset_required_at))
      throw new PlatformError("player_reset_pending");
    await trx
      .updateTable("members")
      .set({ password_reset_required_at: now })
      .where("id", "=", player.id)
      .execute();
    const ended = await endAllSessions(trx, player.id);
    await audit(trx, "player_password_reset_required", act.context, {
      memberId: player.id,
      account: player.account,
      target: target(player.id),
      before: { passwordResetRequired: false },
      after: { passwordResetRequired: true },
      detail: { sessionsEnded: ended },
    });
    return ended;
  });
}

export interface ClosureInput {
  memberId: string;
  reason: ClosureReason;
  note: string;
  funds: ClosureFunds;
}

/**
 * Closes an account for good (ADR 53): every session ends, and from then on a sign-in at the
 * portal opens the cash-out page alone, where the member withdraws what is left, unless the
 * funds are held for compliance. An active or suspended account can be closed;
 * `player_closed` when it already is. Returns the sessions ended.
 */
export function closePlayer(
  db: Database,
  input: ClosureInput,
  act: OperatorAct,
  now = new Date(),
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const player = await lockedPlayer(trx, input.memberId);
    if (player.status === "closed") throw new PlatformError("player_closed");
    await trx
      .updateTable("members")
      .set({
        status: "closed",
        status_reason: input.reason,
        status_note: input.note || null,
        status_changed_at: now,
        funds_held_at: input.funds === "hold" ? now : null,
      })
      .where("id", "=", player.id)
      .execute();
    const ended = await endAllSessions(trx, player.id);
    const main = await mainBalance(trx, player);
    await audit(trx, "player_closed", act.context, {
      memberId: player.id,
      account: player.account,
      target: target(player.id),
      before: { status: player.status, reason: player.status_reason },
      after: { status: "closed", reason: input.reason, funds: input.funds },
      detail: {
        note: input.note || null,
        sessionsEnded: ended,
        mainBalance: main,
      },
    });
    return ended;
  });
}

/** A closed account's reason and whether its money is held; null for an account not closed. */
export async function closureOf(
  db: Database,
  memberId: string,
): Promise<{ reason: string; fundsHeld: boolean } | null> {
  const row = await db
    .selectFrom("members")
    .select(["status", "status_reason", "funds_held_at"])
    .where("id", "=", memberId)
    .executeTakeFirst();
  if (row?.status !== "closed") return null;
  return { reason: row.status_reason ?? "", fundsHeld: row.funds_held_at !== null };
}
