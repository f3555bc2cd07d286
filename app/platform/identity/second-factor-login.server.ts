import { verifySecondFactor } from "./authenticator.server";
import type { ForcedChangeReason } from "./forced-change";
import { startPasswordChange } from "./password-change.server";
import type { IdentityPolicy } from "./policy.server";
import { hashToken, randomToken } from "./secrets.server";
import { createSession, type NewSession, type Site } from "./sessions.server";
import { audit, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import type { Member } from "../db/schema";
import { PlatformError } from "../errors";

/** How long the code step of a login may take after the password (or SMS code) was right. */
export const SECOND_FACTOR_TICKET_MS = 5 * 60_000;

/**
 * A login whose member has an authenticator holds a ticket after the first
 * factor, not a session (the forced change-password ticket's pattern): a
 * short-lived single-use token proving the password or SMS code was right,
 * carried by the code step's form.
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
  const ticket = randomToken();
  await db
    .insertInto("pending_second_factors")
    .values({
      token_hash: hashToken(ticket),
      member_id: input.memberId,
      site: input.site,
      remember: input.remember,
      redirect_to: input.redirectTo,
      method: input.method,
      forced_reason: input.forcedReason,
      expires_at: new Date(now.getTime() + SECOND_FACTOR_TICKET_MS),
    })
    .execute();
  return ticket;
}

export type SecondFactorOutcome =
  | { kind: "session"; session: NewSession; member: Member; redirectTo: string; site: Site }
  | { kind: "change-password"; ticket: string; reason: string; member: Member; site: Site };

/**
 * The code step: a right code (or recovery code) claims the ticket and opens
 * the session — or, when the password must still be changed, hands over to the
 * change-password ticket. A wrong code leaves the ticket for another try (the
 * throttle of verifySecondFactor counts them).
 */
export async function completeSecondFactor(
  db: Database,
  input: { ticket: string; code: string; site: Site },
  context: AuditContext,
  policy: IdentityPolicy,
  now = new Date(),
): Promise<SecondFactorOutcome> {
  const tokenHash = hashToken(input.ticket);
  const pending = await db
    .selectFrom("pending_second_factors")
    .innerJoin("members", "members.id", "pending_second_factors.member_id")
    .selectAll("members")
    .select(["pending_second_factors.site as ticket_site"])
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  // A ticket is good on the site that issued it only.
  if (!pending || pending.ticket_site !== input.site || pending.status !== "active")
    throw new PlatformError("second_factor_expired");
  const { ticket_site: _site, ...member } = pending;
  const method = await verifySecondFactor(db, member, input.code, context, now);
  const claimed = await db
    .updateTable("pending_second_factors")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .returning(["site", "remember", "redirect_to", "method", "forced_reason"])
    .executeTakeFirst();
  if (!claimed) throw new PlatformError("second_factor_expired");
  const loginDetail = { method: claimed.method, site: claimed.site, secondFactor: method };
  if (claimed.forced_reason) {
    const ticket = await startPasswordChange(
      db,
      {
        memberId: member.id,
        reason: claimed.forced_reason as Exclude<ForcedChangeReason, "reset">,
        site: claimed.site,
        remember: claimed.remember,
        redirectTo: claimed.redirect_to,
      },
      policy,
      now,
    );
    await audit(db, "login_ok", context, {
      memberId: member.id,
      account: member.account,
      detail: { ...loginDetail, forcedChange: claimed.forced_reason },
    });
    return {
      kind: "change-password",
      ticket,
      reason: claimed.forced_reason,
      member,
      site: claimed.site,
    };
  }
  const session = await createSession(
    db,
    { memberId: member.id, site: claimed.site, remember: claimed.remember, ...context },
    policy,
    now,
  );
  await audit(db, "login_ok", context, {
    memberId: member.id,
    account: member.account,
    detail: loginDetail,
  });
  return { kind: "session", session, member, redirectTo: claimed.redirect_to, site: claimed.site };
}
