import { consumeCode } from "./codes.server";
import { DEFAULT_PASSWORD } from "./constants";
import type { ForcedChangeReason } from "./forced-change";
import { confirmIdentity } from "./identity-proof.server";
import { findMemberByAccount, findMemberByMobile } from "./members.server";
import type { Senders } from "./outbox.server";
import type { IdentityPolicy } from "./policy.server";
import { clearLimit, hitOncePer } from "./rate-limits.server";
import { hashPassword, hashToken, randomToken } from "./secrets.server";
import { deleteOtherSessions, type Site } from "./sessions.server";
import { audit, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import type { Member } from "../db/schema";
import { PlatformError } from "../errors";
import { reachesSignInChecks } from "./member-types";

/**
 * A login that must change its password first holds a ticket, not a
 * session: a short-lived single-use token proving the old password (or a
 * reset link) was presented, so the dialog does not ask for it again.
 */
export async function startPasswordChange(
  db: Database,
  input: {
    memberId: string;
    reason: ForcedChangeReason;
    site: Site;
    remember: boolean;
    redirectTo: string;
  },
  policy: Pick<IdentityPolicy, "passwordChangeTicketMs">,
  now = new Date(),
): Promise<string> {
  const ticket = randomToken();
  await db
    .insertInto("pending_password_changes")
    .values({
      token_hash: hashToken(ticket),
      member_id: input.memberId,
      reason: input.reason,
      site: input.site,
      remember: input.remember,
      redirect_to: input.redirectTo,
      expires_at: new Date(now.getTime() + policy.passwordChangeTicketMs),
    })
    .execute();
  return ticket;
}

/** What the change-password dialog shows for a ticket; null when it is unknown, used or expired. */
export async function readPasswordChangeTicket(db: Database, ticket: string, now = new Date()) {
  const row = await db
    .selectFrom("pending_password_changes")
    .innerJoin("members", "members.id", "pending_password_changes.member_id")
    .select(["pending_password_changes.reason", "pending_password_changes.site", "members.account"])
    .where("token_hash", "=", hashToken(ticket))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row ?? null;
}

async function setPassword(db: Database, memberId: string, newPassword: string, now: Date) {
  await db
    .updateTable("members")
    .set({
      password_hash: await hashPassword(newPassword),
      password_changed_at: now,
      first_time_login: false,
    })
    .where("id", "=", memberId)
    .execute();
}

/** Sets the password and lifts the account's login lock: the member is the account's owner. */
async function setNewPassword(db: Database, memberId: string, newPassword: string, now: Date) {
  await setPassword(db, memberId, newPassword, now);
  const member = await db
    .selectFrom("members")
    .selectAll()
    .where("id", "=", memberId)
    .executeTakeFirstOrThrow();
  await clearLimit(db, `login:account:${member.account.toLowerCase()}`);
  return member;
}

function refuseDefault(newPassword: string) {
  // The default password is what forced the change; it can never be the new one.
  if (newPassword === DEFAULT_PASSWORD) throw new PlatformError("password_default_not_allowed");
}

/**
 * The password part of a forced change or an e-mailed reset: claims the ticket (once), sets
 * the new password and signs out every session (whoever knew the old password is out
 * everywhere). Signing in afterwards is the caller's (password-reset.server.ts).
 */
export async function claimPasswordChange(
  db: Database,
  input: { ticket: string; newPassword: string },
  context: AuditContext,
  now = new Date(),
): Promise<{
  member: Member;
  reason: ForcedChangeReason;
  site: Site;
  remember: boolean;
  redirectTo: string;
}> {
  refuseDefault(input.newPassword);
  const claimed = await db
    .updateTable("pending_password_changes")
    .set({ used_at: now })
    .where("token_hash", "=", hashToken(input.ticket))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning(["member_id", "reason", "site", "remember", "redirect_to"])
    .executeTakeFirst();
  if (!claimed) throw new PlatformError("password_change_expired");
  const member = await setNewPassword(db, claimed.member_id, input.newPassword, now);
  const ended = await deleteOtherSessions(db, member.id);
  await audit(db, claimed.reason === "reset" ? "password_reset" : "password_changed", context, {
    memberId: member.id,
    account: member.account,
    detail: { reason: claimed.reason, sessionsEnded: ended },
  });
  return {
    member,
    reason: claimed.reason as ForcedChangeReason,
    site: claimed.site,
    remember: claimed.remember,
    redirectTo: claimed.redirect_to,
  };
}

/**
 * A signed-in member changes the password (member area, /agent dialog). The
 * old password is the identity proof (at most 5 wrong ones per 15 minutes,
 * counted before it is checked); every other session of the member ends.
 */
export async function changePassword(
  db: Database,
  input: { memberId: string; sessionId: string; oldPassword: string; newPassword: string },
  context: AuditContext,
  now = new Date(),
) {
  refuseDefault(input.newPassword);
  await confirmIdentity(
    db,
    input.memberId,
    { kind: "password", password: input.oldPassword },
    context,
    now,
  );
  if (input.oldPassword === input.newPassword) throw new PlatformError("password_unchanged");
  const member = await db
    .selectFrom("members")
    .select(["id", "account"])
    .where("id", "=", input.memberId)
    .executeTakeFirstOrThrow();
  await setPassword(db, member.id, input.newPassword, now);
  const ended = await deleteOtherSessions(db, member.id, input.sessionId);
  await audit(db, "password_changed", context, {
    memberId: member.id,
    account: member.account,
    detail: { reason: "member", sessionsEnded: ended },
  });
}

/**
 * The password part of forgot-password by phone: the code proves the phone, the password is
 * set and every session ends. Signing in afterwards is the caller's (password-reset.server.ts).
 */
export async function resetPasswordByPhone(
  db: Database,
  input: { dialingCode: string; mobile: string; code: string; newPassword: string },
  context: AuditContext,
  policy: IdentityPolicy,
  now = new Date(),
): Promise<Member> {
  refuseDefault(input.newPassword);
  await consumeCode(
    db,
    {
      purpose: "reset",
      target: { channel: "sms", dialingCode: input.dialingCode, mobile: input.mobile },
      code: input.code,
    },
    policy,
    now,
  );
  const found = await findMemberByMobile(db, input.dialingCode, input.mobile);
  // Codes for unknown numbers are never delivered, so this is only reached by a guess.
  if (!found || !reachesSignInChecks(found.status))
    throw new PlatformError("invalid-verification-code");
  const member = await setNewPassword(db, found.id, input.newPassword, now);
  const ended = await deleteOtherSessions(db, member.id);
  await audit(db, "password_reset", context, {
    memberId: member.id,
    account: member.account,
    detail: { by: "phone", sessionsEnded: ended },
  });
  return member;
}

/**
 * Forgot password by e-mail: when the username and e-mail match, a reset
 * link goes out. The caller always shows `in_been_out`, match or not.
 */
export async function requestPasswordResetEmail(
  db: Database,
  senders: Senders,
  input: { account: string; email: string; resetUrl: (ticket: string) => string },
  context: AuditContext,
  policy: IdentityPolicy,
  now = new Date(),
): Promise<void> {
  const member = await findMemberByAccount(db, input.account);
  const matches =
    member &&
    (member.status === "active" || member.status === "closed") &&
    member.email?.toLowerCase() === input.email.trim().toLowerCase();
  await audit(db, "password_reset_requested", context, {
    memberId: member?.id ?? null,
    account: input.account.trim().toLowerCase(),
    detail: { by: "email", matched: Boolean(matches) },
  });
  if (!matches) return;
  // One mail a minute per account: the form cannot be used to flood an inbox.
  if (!(await hitOncePer(db, `reset-mail:${member.id}`, 60_000, now))) return;
  const ticket = await startPasswordChange(
    db,
    { memberId: member.id, reason: "reset", site: "member", remember: false, redirectTo: "/" },
    policy,
    now,
  );
  await senders.mail.send({
    to: member.email!,
    subject: "Reset your password",
    text: `Open this link within ${Math.round(policy.passwordChangeTicketMs / 60_000)} minutes to choose a new password: ${input.resetUrl(ticket)}`,
    purpose: "reset",
    secrets: [ticket, encodeURIComponent(ticket)],
  });
}
