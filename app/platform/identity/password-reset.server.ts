import { claimPasswordChange, resetPasswordByPhone } from "./password-change.server";
import type { IdentityPolicy } from "./policy.server";
import { createSession, type Site } from "./sessions.server";
import { completeSignIn, type LoginOutcome, type LoginRules } from "./sign-in-checks.server";
import type { AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";

/**
 * A reset signs the member in (the spec: after a phone reset the member is signed in and sent
 * home), but a reset proves one thing only — the phone, or the mailbox — so it goes through
 * every check a sign-in makes: a break, a suspension, the site its role may use, the step-up
 * from an unknown place (not by the same channel again), and the authenticator code. Without
 * this, a phone and a new password would open an account its authenticator protects, or the
 * portal to a member in self-exclusion.
 */

export interface SignedInAfterReset {
  outcome: LoginOutcome;
  /** Where the session goes once open (the ticket's own target for a mailed reset). */
  redirectTo: string;
  site: Site;
}

/** Forgot password by phone: the new password is set, then the sign-in's checks follow. */
export async function resetByPhoneAndSignIn(
  db: Database,
  input: {
    dialingCode: string;
    mobile: string;
    code: string;
    newPassword: string;
    deviceId?: string | null;
  },
  rules: LoginRules,
  context: AuditContext,
  policy: IdentityPolicy,
  now = new Date(),
): Promise<SignedInAfterReset> {
  const member = await resetPasswordByPhone(db, input, context, policy, now);
  const outcome = await completeSignIn(
    db,
    member,
    {
      site: "member",
      method: "sms_reset",
      remember: false,
      redirectTo: "/",
      deviceId: input.deviceId,
    },
    rules,
    context,
    policy,
    now,
  );
  return { outcome, redirectTo: "/", site: "member" };
}

/**
 * The change-password dialog's ticket: a forced change (the login already made every check
 * before it issued the ticket) opens the session; an e-mailed reset link goes through the
 * sign-in's checks like the phone reset.
 */
export async function completePasswordChange(
  db: Database,
  input: { ticket: string; newPassword: string; deviceId?: string | null },
  rules: LoginRules,
  context: AuditContext,
  policy: IdentityPolicy,
  now = new Date(),
): Promise<SignedInAfterReset> {
  const claimed = await claimPasswordChange(db, input, context, now);
  const { member, site, remember, redirectTo } = claimed;
  if (claimed.reason === "reset") {
    const outcome = await completeSignIn(
      db,
      member,
      { site, method: "mail_reset", remember, redirectTo, deviceId: input.deviceId },
      rules,
      context,
      policy,
      now,
    );
    return { outcome, redirectTo, site };
  }
  // The login's own login_ok was written when it issued the ticket.
  const session = await createSession(
    db,
    { memberId: member.id, site, remember, ...context },
    policy,
    now,
  );
  return { outcome: { kind: "session", session, member }, redirectTo, site };
}
