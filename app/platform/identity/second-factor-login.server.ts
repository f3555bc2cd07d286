import { verifySecondFactor } from "./authenticator.server";
import { finishLogin } from "./login-finish.server";
import type { IdentityPolicy } from "./policy.server";
import type { NewSession, Site } from "./sessions.server";
import { claimSignInTicket, readSignInTicket } from "./sign-in-tickets.server";
import type { AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import type { Member } from "../db/schema";

/*
 * A login whose member has an authenticator holds a ticket after the first factor, not a
 * session: finishLogin opens it (sign-in-tickets.server.ts), the code step below spends it.
 */

export type SecondFactorOutcome =
  | { kind: "session"; session: NewSession; member: Member; redirectTo: string; site: Site }
  | { kind: "change-password"; ticket: string; reason: string; member: Member; site: Site };

/**
 * The code step: a right code (or recovery code) claims the ticket and the
 * sign-in ends as any other — the session, or, when the password must still
 * be changed, the change-password ticket. A wrong code leaves the ticket for
 * another try (the throttle of verifySecondFactor counts them).
 */
export async function completeSecondFactor(
  db: Database,
  input: { ticket: string; code: string; site: Site },
  context: AuditContext,
  policy: IdentityPolicy,
  now = new Date(),
): Promise<SecondFactorOutcome> {
  // A ticket is good on the site that issued it only.
  const { member } = await readSignInTicket(
    db,
    "second_factor",
    { ticket: input.ticket, site: input.site },
    now,
  );
  const secondFactor = await verifySecondFactor(db, member, input.code, context, now);
  const claimed = await claimSignInTicket(
    db,
    "second_factor",
    { ticket: input.ticket, site: input.site },
    now,
  );
  const finished = await finishLogin(
    db,
    member,
    {
      site: claimed.site,
      remember: claimed.remember,
      redirectTo: claimed.redirectTo,
      method: claimed.method,
      forcedReason: claimed.forcedReason,
      authenticatorDone: true,
      detail: { secondFactor },
    },
    context,
    policy,
    now,
  );
  if (finished.kind === "session")
    return { ...finished, redirectTo: claimed.redirectTo, site: claimed.site };
  return { ...finished, site: claimed.site };
}
