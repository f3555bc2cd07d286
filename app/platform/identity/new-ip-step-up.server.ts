import { hasAuthenticator, verifySecondFactor } from "./authenticator.server";
import { consumeCode, requestCode, type CodeRequestResult, type CodeTarget } from "./codes.server";
import { recordKnownSignIn } from "./known-sign-ins.server";
import { finishLogin, type FinishedLogin } from "./login-finish.server";
import type { Senders } from "./outbox.server";
import type { IdentityPolicy } from "./policy.server";
import { countAttempt } from "./rate-limits.server";
import type { Site } from "./sessions.server";
import {
  claimSignInTicket,
  openSignInTicket,
  readSignInTicket,
  SIGN_IN_TICKET_MS,
  voidSignInTicket,
  type SignInTicketFields,
} from "./sign-in-tickets.server";
import { audit, type AuditContext } from "../audit/audit.server";
import { postMessage } from "../content/messages.server";
import type { Database } from "../db/open.server";
import type { Member } from "../db/schema";
import { PlatformError } from "../errors";

/**
 * The spec's rule (ADR 37): "a login from an unregistered IP triggers extra
 * verification by mobile and code, bound e-mail, bank account name, or an
 * authenticator code". Each member keeps the IPs and device cookies it has
 * passed a sign-in from; a right password from neither holds a short-lived
 * single-use ticket — no session — until one of the member's methods passes.
 */

export const STEP_UP_METHODS = ["sms", "email", "payee_name", "authenticator"] as const;
export type StepUpMethod = (typeof STEP_UP_METHODS)[number];

export interface StepUpRule {
  enabled: boolean;
  methods: readonly StepUpMethod[];
}

/** How long the extra check may take after the password was right. */
export const STEP_UP_TICKET_MS = SIGN_IN_TICKET_MS.step_up;
/** Wrong answers per member and window, counted in the statement that checks (ADR 36). */
export const STEP_UP_LIMIT = 5;
export const STEP_UP_WINDOW_MS = 15 * 60_000;

/**
 * The methods this member has, of those the brand allows. Payee holder names
 * are read here with a query of identity's own (identity stands below wallet,
 * ADR 33). A sign-in proven by an SMS code (an SMS login, a reset by phone) is not
 * offered the SMS code again, nor one proven by a mailed reset link the e-mail code:
 * that would be the same factor twice.
 */
export async function stepUpMethods(
  db: Database,
  member: Pick<Member, "id" | "mobile" | "dialing_code" | "email">,
  allowed: readonly StepUpMethod[],
  loginMethod: string,
): Promise<StepUpMethod[]> {
  const has: Record<StepUpMethod, () => Promise<boolean>> = {
    sms: async () =>
      Boolean(member.mobile && member.dialing_code) &&
      loginMethod !== "sms" &&
      loginMethod !== "sms_reset",
    email: async () => Boolean(member.email) && loginMethod !== "mail_reset",
    payee_name: async () => (await payeeHolderNames(db, member.id)).length > 0,
    authenticator: () => hasAuthenticator(db, member.id),
  };
  const methods: StepUpMethod[] = [];
  for (const method of STEP_UP_METHODS)
    if (allowed.includes(method) && (await has[method]())) methods.push(method);
  return methods;
}

async function payeeHolderNames(db: Database, memberId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("payee_accounts")
    .select("holder_name")
    .where("member_id", "=", memberId)
    .where("removed_at", "is", null)
    .execute();
  return rows.map((row) => row.holder_name);
}

/** Holder names compare without case and without spaces ("Ali  Khan" = "alikhan"). */
export const normaliseHolderName = (name: string) =>
  name.normalize("NFKC").toLocaleLowerCase("en").replace(/\s+/gu, "");

/** The member hears of every sign-in from a new place, in a platform message. */
export async function tellNewSignIn(
  db: Database,
  memberId: string,
  ip: string | null,
  now: Date,
): Promise<void> {
  await postMessage(db, memberId, "new_sign_in", {
    ip: ip ?? "",
    at: now.toISOString().slice(0, 16).replace("T", " ") + " UTC",
  });
}

export async function startStepUp(
  db: Database,
  input: SignInTicketFields & { methods: StepUpMethod[]; ip: string | null },
  now = new Date(),
): Promise<string> {
  return openSignInTicket(db, { kind: "step_up", ...input }, now);
}

async function pendingStepUp(db: Database, ticket: string, site: Site, now: Date) {
  const pending = await readSignInTicket(db, "step_up", { ticket, site }, now);
  return { member: pending.member, methods: pending.ticket.methods as StepUpMethod[] };
}

/** What the step's form shows: the methods offered for this ticket. */
export async function stepUpTicketMethods(
  db: Database,
  input: { ticket: string; site: Site },
  now = new Date(),
): Promise<StepUpMethod[]> {
  return (await pendingStepUp(db, input.ticket, input.site, now)).methods;
}

const contactOf = (member: Member, method: "sms" | "email"): CodeTarget => {
  if (method === "sms" && member.mobile && member.dialing_code)
    return { channel: "sms", dialingCode: member.dialing_code, mobile: member.mobile };
  if (method === "email" && member.email) return { channel: "email", email: member.email };
  throw new PlatformError("step_up_method_unavailable");
};

/** The "send code" button: a code to the bound mobile or e-mail (never one the form names). */
export async function sendStepUpCode(
  db: Database,
  senders: Senders,
  input: { ticket: string; site: Site; method: "sms" | "email" },
  context: AuditContext,
  policy: IdentityPolicy,
  now = new Date(),
): Promise<CodeRequestResult> {
  const { member, methods } = await pendingStepUp(db, input.ticket, input.site, now);
  if (!methods.includes(input.method)) throw new PlatformError("step_up_method_unavailable");
  return requestCode(
    db,
    senders,
    { purpose: "step_up", target: contactOf(member, input.method), memberId: member.id },
    context,
    policy,
    now,
  );
}

export type StepUpOutcome = FinishedLogin & { redirectTo: string; site: Site };

/**
 * The step: one answer for one of the ticket's methods. Every answer is counted
 * before it is looked at (at most STEP_UP_LIMIT per member and window); a wrong
 * one leaves the ticket for another try, the last allowed one voids it. A right
 * one claims the ticket, records the IP and device, tells the member in a
 * platform message, and the sign-in goes on (authenticator, forced change, session).
 */
export async function completeStepUp(
  db: Database,
  input: {
    ticket: string;
    site: Site;
    method: StepUpMethod;
    answer: string;
    deviceId?: string | null;
  },
  context: AuditContext,
  policy: IdentityPolicy,
  now = new Date(),
): Promise<StepUpOutcome> {
  const { member, methods } = await pendingStepUp(db, input.ticket, input.site, now);
  if (!methods.includes(input.method)) throw new PlatformError("step_up_method_unavailable");
  const answer = input.answer.trim();
  if (!answer) throw new PlatformError("step_up_answer_required");

  const { hits, windowEndsAt } = await countAttempt(
    db,
    `step-up:${member.id}`,
    STEP_UP_WINDOW_MS,
    now,
  );
  const minutes = Math.max(1, Math.ceil((windowEndsAt.getTime() - now.getTime()) / 60_000));
  const voidTicket = () => voidSignInTicket(db, "step_up", input.ticket, now);
  if (hits > STEP_UP_LIMIT) {
    await voidTicket();
    throw new PlatformError("step_up_locked", { minutes });
  }
  const fail = async (code: string) => {
    await audit(db, "step_up_failed", context, {
      memberId: member.id,
      account: member.account,
      detail: { method: input.method, hits },
    });
    if (hits >= STEP_UP_LIMIT) {
      await voidTicket();
      throw new PlatformError("step_up_locked", { minutes });
    }
    throw new PlatformError(code);
  };

  if (input.method === "payee_name") {
    const given = normaliseHolderName(answer);
    const names = await payeeHolderNames(db, member.id);
    if (!names.some((name) => normaliseHolderName(name) === given))
      await fail("step_up_payee_wrong");
  } else if (input.method === "authenticator") {
    try {
      await verifySecondFactor(db, member, answer, context, now);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.code === "second_factor_locked") throw error;
      await fail(error.code);
    }
  } else {
    try {
      await consumeCode(
        db,
        { purpose: "step_up", target: contactOf(member, input.method), code: answer },
        policy,
        now,
      );
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      await fail(error.code);
    }
  }

  const claimed = await claimSignInTicket(
    db,
    "step_up",
    { ticket: input.ticket, site: input.site },
    now,
  );
  const ip = claimed.ip ?? context.ip;
  await recordKnownSignIn(
    db,
    member.id,
    { ip, deviceId: input.deviceId, userAgent: context.userAgent },
    now,
  );
  await audit(db, "step_up_passed", context, {
    memberId: member.id,
    account: member.account,
    detail: { method: input.method },
  });
  await tellNewSignIn(db, member.id, ip, now);
  const finished = await finishLogin(
    db,
    member,
    {
      site: claimed.site,
      remember: claimed.remember,
      redirectTo: claimed.redirectTo,
      method: claimed.method,
      forcedReason: claimed.forcedReason,
      authenticatorDone: input.method === "authenticator",
      detail: { stepUp: input.method },
    },
    context,
    policy,
    now,
  );
  return { ...finished, redirectTo: claimed.redirectTo, site: claimed.site };
}
