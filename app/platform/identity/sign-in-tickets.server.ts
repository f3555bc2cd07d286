import type { ForcedChangeReason } from "./forced-change";
import { hashToken, randomToken } from "./secrets.server";
import type { Site } from "./sessions.server";
import type { Database } from "../db/open.server";
import type { Member, SignInTicketsTable } from "../db/schema";
import { PlatformError } from "../errors";
import { maySignInTo } from "./member-types";

/**
 * The short-lived single-use ticket a sign-in holds between a right first
 * factor and its next step, before any session: the new-IP step-up (ADR 37)
 * or the authenticator code (ADR 34). The raw ticket travels in the step's
 * form; only its SHA-256 is stored. Every read and write of `sign_in_tickets`
 * is here.
 */

export type SignInTicketKind = SignInTicketsTable["kind"];

/** How long each step may take after the factor before it was right. */
export const SIGN_IN_TICKET_MS: Record<SignInTicketKind, number> = {
  step_up: 10 * 60_000,
  second_factor: 5 * 60_000,
};

/** Each step keeps its own message for a ticket that is gone (its form sends back to the login). */
const EXPIRED: Record<SignInTicketKind, string> = {
  step_up: "step_up_expired",
  second_factor: "second_factor_expired",
};

/** What every ticket holds of the sign-in waiting on it. */
export interface SignInTicketFields {
  memberId: string;
  site: Site;
  remember: boolean;
  redirectTo: string;
  /** The first factor's login method, for the login_ok audit. */
  method: string;
  forcedReason: Exclude<ForcedChangeReason, "reset"> | null;
}

export type NewSignInTicket =
  | (SignInTicketFields & { kind: "step_up"; methods: readonly string[]; ip: string | null })
  | (SignInTicketFields & { kind: "second_factor" });

/** What a live ticket says about the sign-in it holds. */
export interface SignInTicket {
  site: Site;
  remember: boolean;
  redirectTo: string;
  method: string;
  forcedReason: Exclude<ForcedChangeReason, "reset"> | null;
  /** The step-up's methods; none for a second-factor ticket. */
  methods: string[];
  ip: string | null;
}

/**
 * The sign-in page a ticket's site is answered on: a self-excluded member signs in on the
 * portal's page but gets a cash-out session (ADR 49), so its ticket carries `cash_out` and
 * is good on the portal's page.
 */
const pageSites = (site: Site): Site[] => (site === "member" ? ["member", "cash_out"] : [site]);

const COLUMNS = [
  "site",
  "remember",
  "redirect_to",
  "method",
  "forced_reason",
  "methods",
  "ip",
] as const;

type TicketRow = Pick<SignInTicketsTable, (typeof COLUMNS)[number]>;

const ticketOf = (row: TicketRow): SignInTicket => ({
  site: row.site,
  remember: row.remember,
  redirectTo: row.redirect_to,
  method: row.method,
  forcedReason: row.forced_reason as SignInTicket["forcedReason"],
  methods: row.methods ? row.methods.split(",") : [],
  ip: row.ip,
});

/** Opens a ticket and returns it raw; the kind's expired tickets are cleared on the way. */
export async function openSignInTicket(
  db: Database,
  input: NewSignInTicket,
  now = new Date(),
): Promise<string> {
  const ticket = randomToken();
  await db
    .deleteFrom("sign_in_tickets")
    .where("kind", "=", input.kind)
    .where("expires_at", "<", now)
    .execute();
  await db
    .insertInto("sign_in_tickets")
    .values({
      token_hash: hashToken(ticket),
      kind: input.kind,
      member_id: input.memberId,
      site: input.site,
      remember: input.remember,
      redirect_to: input.redirectTo,
      method: input.method,
      forced_reason: input.forcedReason,
      methods: input.kind === "step_up" ? input.methods.join(",") : null,
      ip: input.kind === "step_up" ? input.ip : null,
      expires_at: new Date(now.getTime() + SIGN_IN_TICKET_MS[input.kind]),
    })
    .execute();
  return ticket;
}

/**
 * A live ticket of this kind and its member. Missing, spent, expired, issued
 * on another site or for a member no longer active: the kind's expired error.
 */
export async function readSignInTicket(
  db: Database,
  kind: SignInTicketKind,
  input: { ticket: string; site: Site },
  now = new Date(),
): Promise<{ member: Member; ticket: SignInTicket }> {
  const row = await db
    .selectFrom("sign_in_tickets")
    .innerJoin("members", "members.id", "sign_in_tickets.member_id")
    .selectAll("members")
    .select([
      "sign_in_tickets.site as ticket_site",
      "sign_in_tickets.remember as ticket_remember",
      "sign_in_tickets.redirect_to as ticket_redirect_to",
      "sign_in_tickets.method as ticket_method",
      "sign_in_tickets.forced_reason as ticket_forced_reason",
      "sign_in_tickets.methods as ticket_methods",
      "sign_in_tickets.ip as ticket_ip",
    ])
    .where("sign_in_tickets.token_hash", "=", hashToken(input.ticket))
    .where("sign_in_tickets.kind", "=", kind)
    .where("sign_in_tickets.used_at", "is", null)
    .where("sign_in_tickets.expires_at", ">", now)
    .executeTakeFirst();
  if (
    !row ||
    !pageSites(input.site).includes(row.ticket_site) ||
    !maySignInTo(row.status, row.ticket_site)
  )
    throw new PlatformError(EXPIRED[kind]);
  const {
    ticket_site: site,
    ticket_remember: remember,
    ticket_redirect_to: redirect_to,
    ticket_method: method,
    ticket_forced_reason: forced_reason,
    ticket_methods: methods,
    ticket_ip: ip,
    ...member
  } = row;
  return {
    member,
    ticket: ticketOf({ site, remember, redirect_to, method, forced_reason, methods, ip }),
  };
}

/**
 * Spends the ticket in one statement, so of two claims at once only one
 * wins; the other (and a claim of a spent or expired ticket) gets the kind's
 * expired error.
 */
export async function claimSignInTicket(
  db: Database,
  kind: SignInTicketKind,
  input: { ticket: string; site: Site },
  now = new Date(),
): Promise<SignInTicket> {
  const row = await db
    .updateTable("sign_in_tickets")
    .set({ used_at: now })
    .where("token_hash", "=", hashToken(input.ticket))
    .where("kind", "=", kind)
    .where("site", "in", pageSites(input.site))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!row) throw new PlatformError(EXPIRED[kind]);
  return ticketOf(row);
}

/** Spends the ticket without going on (too many wrong answers). */
export async function voidSignInTicket(
  db: Database,
  kind: SignInTicketKind,
  ticket: string,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable("sign_in_tickets")
    .set({ used_at: now })
    .where("token_hash", "=", hashToken(ticket))
    .where("kind", "=", kind)
    .where("used_at", "is", null)
    .execute();
}
