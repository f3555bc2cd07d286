import { verifySecondFactor } from "./authenticator.server";
import type { ForcedChangeReason } from "./forced-change";
import { finishLogin } from "./login-finish.server";
import type { IdentityPolicy } from "./policy.server";
import type { NewSession, Site } from "./sessions.server";
import {
  claimSignInTicket,
  openSignInTicket,
  readSignInTicket,
  SIGN_IN_TICKET_MS,
} from "./sign-in-tickets.server";
import type { AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import type { Member } from "../db/schema";

/** How long the code step of a login may take after the password (or SMS code) was right. */
export const SECOND_FACTOR_TICKET_MS = SIGN_IN_TICKET_MS.second_factor;

/**
 * A login whose member has an authenticator holds a ticket after the first
 * factor, not a session (the forced change-password ticket's pattern): a
 * short-lived single-use token proving the password or SMS code was right,
 * carried by the code step's form. finishLogin opens it through the tickets
 * module itself (this module calls finishLogin, so it cannot call back here).
 */
export async function startSecondFactor(
  db: Database,
  input: {
    memberId: string;
    site: Site;
    remember: boolean;
    redirectTo: string;
    method: string;
    forcedReason: Exclude<ForcedChangeReason, "reset"> | null;
  },
  now = new Date(),
): Promise<string> {
  return openSignInTicket(db, { kind: "second_factor", ...input }, now);
}

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
