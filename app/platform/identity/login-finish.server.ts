import { hasAuthenticator } from "./authenticator.server";
import type { ForcedChangeReason } from "./forced-change";
import { startPasswordChange } from "./password-change.server";
import type { IdentityPolicy } from "./policy.server";
import { createSession, purgeExpiredSessions, type NewSession, type Site } from "./sessions.server";
import { openSignInTicket } from "./sign-in-tickets.server";
import { audit, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import type { Member } from "../db/schema";

export type FinishedLogin =
  | { kind: "session"; session: NewSession; member: Member }
  | { kind: "change-password"; ticket: string; reason: string; member: Member }
  | { kind: "second-factor"; ticket: string; member: Member };

export interface FinishLoginInput {
  site: Site;
  remember: boolean;
  redirectTo: string;
  method: string;
  forcedReason: Exclude<ForcedChangeReason, "reset"> | null;
  /** An authenticator code was already given (in the step-up, or the code step itself). */
  authenticatorDone?: boolean;
  /** Added to the login_ok audit's detail. */
  detail?: Record<string, unknown>;
}

/**
 * The end of every sign-in once the first factor (and, from a new IP, the step-up of ADR 37)
 * passed: the authenticator code when one is enrolled (ADR 34) unless it was already given,
 * then a forced password change, else the session.
 */
export function finishLogin(
  db: Database,
  member: Member,
  input: FinishLoginInput & { authenticatorDone: true },
  context: AuditContext,
  policy: IdentityPolicy,
  now: Date,
): Promise<Exclude<FinishedLogin, { kind: "second-factor" }>>;
export function finishLogin(
  db: Database,
  member: Member,
  input: FinishLoginInput,
  context: AuditContext,
  policy: IdentityPolicy,
  now: Date,
): Promise<FinishedLogin>;
export async function finishLogin(
  db: Database,
  member: Member,
  input: FinishLoginInput,
  context: AuditContext,
  policy: IdentityPolicy,
  now: Date,
): Promise<FinishedLogin> {
  const reason = input.forcedReason;
  if (!input.authenticatorDone && (await hasAuthenticator(db, member.id))) {
    const ticket = await openSignInTicket(
      db,
      {
        kind: "second_factor",
        memberId: member.id,
        site: input.site,
        remember: input.remember,
        redirectTo: input.redirectTo,
        method: input.method,
        forcedReason: reason,
      },
      now,
    );
    return { kind: "second-factor", ticket, member };
  }
  const detail = { method: input.method, site: input.site, ...input.detail };
  if (reason) {
    const ticket = await startPasswordChange(
      db,
      {
        memberId: member.id,
        reason,
        site: input.site,
        remember: input.remember,
        redirectTo: input.redirectTo,
      },
      policy,
      now,
    );
    await audit(db, "login_ok", context, {
      memberId: member.id,
      account: member.account,
      detail: { ...detail, forcedChange: reason },
    });
    return { kind: "change-password", ticket, reason, member };
  }
  const session = await createSession(
    db,
    { memberId: member.id, site: input.site, remember: input.remember, ...context },
    policy,
    now,
  );
  // Housekeeping rides on logins: one indexed delete, no scheduler needed.
  await purgeExpiredSessions(db, now);
  await audit(db, "login_ok", context, { memberId: member.id, account: member.account, detail });
  return { kind: "session", session, member };
}
