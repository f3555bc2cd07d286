import { solveCaptcha } from "./captcha.server";
import { consumeCode } from "./codes.server";
import { findMemberByAccount, findMemberById, findMemberByMobile } from "./members.server";
import type { IdentityPolicy } from "./policy.server";
import { clearLimit, countHit, forgiveAttempt, lockUntil, readLimit } from "./rate-limits.server";
import {
  decoyPasswordHash,
  hashPassword,
  hashToken,
  needsRehash,
  verifyPassword,
} from "./secrets.server";
import { consumeLoginHandoff, type Site } from "./sessions.server";
import { completeSignIn, type LoginOutcome, type LoginRules } from "./sign-in-checks.server";
import { audit, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import type { Member } from "../db/schema";
import { PlatformError } from "../errors";
import { reachesSignInChecks } from "./member-types";

export type { LoginOutcome, LoginRules } from "./sign-in-checks.server";

export type LoginInput = {
  site: Site;
  remember: boolean;
  captchaId?: string;
  captcha?: string;
  redirectTo?: string;
  /** After a self-exclusion has ended: the member asks to reopen the account (issue 17). */
  reopen?: boolean;
  /** The browser's device cookie (ADR 37), when it has one. */
  deviceId?: string | null;
} & (
  | { method: "password"; account: string; password: string }
  | { method: "sms"; dialingCode: string; mobile: string; code: string }
  /** A single-use hand-off token (the app-download QR): the same checks follow as for a password. */
  | { method: "handoff"; token: string }
);

const accountKey = (input: LoginInput) =>
  input.method === "password"
    ? `login:account:${input.account.trim().toLowerCase()}`
    : input.method === "sms"
      ? `login:account:+${input.dialingCode}${input.mobile}`
      : `login:handoff:${hashToken(input.token)}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

/** Where the captcha and lock thresholds stand for this account and IP. */
export async function loginThrottleState(
  db: Database,
  input: LoginInput,
  ip: string | null,
  policy: IdentityPolicy,
  now = new Date(),
) {
  const [account, client] = await Promise.all([
    readLimit(db, accountKey(input), policy.failureWindowMs, now),
    ip ? readLimit(db, ipKey(ip), policy.failureWindowMs, now) : { hits: 0, lockedUntil: null },
  ]);
  return {
    account,
    client,
    captchaRequired:
      account.hits >= policy.accountCaptchaAfter || client.hits >= policy.ipCaptchaAfter,
  };
}

/**
 * Counts a login attempt against the account and the IP before its secret is checked, in
 * the statement that returns the count (ADR 36): of any number of parallel attempts, at most
 * `accountLockAfter` per account (and `ipBlockAfter` per IP) are ever evaluated. Past the
 * limit the account (or IP) is refused for `lockMs`, then the window starts over — the owner
 * is never locked out for good.
 */
async function admitLogin(
  db: Database,
  input: LoginInput,
  context: AuditContext,
  policy: IdentityPolicy,
  now: Date,
) {
  const key = accountKey(input);
  const accountHits = await countHit(db, key, policy.failureWindowMs, now);
  const ipHits = context.ip
    ? await countHit(db, ipKey(context.ip), policy.failureWindowMs, now)
    : 0;
  const until = new Date(now.getTime() + policy.lockMs);
  if (context.ip && ipHits > policy.ipBlockAfter) {
    await lockUntil(db, ipKey(context.ip), until);
    throw new PlatformError("ip_blocked", { captcha: true });
  }
  if (accountHits > policy.accountLockAfter) {
    await lockUntil(db, key, until);
    throw new PlatformError("account_locked", {
      captcha: true,
      retryAfterMinutes: Math.ceil(policy.lockMs / 60_000),
    });
  }
  return { accountHits, ipHits };
}

/**
 * An admitted attempt that failed: audited, and the last one the window allows locks the
 * account (or blocks the IP). Returns whether the form must show a captcha from now on.
 */
async function recordFailure(
  db: Database,
  input: LoginInput,
  context: AuditContext,
  policy: IdentityPolicy,
  now: Date,
  memberId: string | null,
  hits: { accountHits: number; ipHits: number },
) {
  const { accountHits, ipHits } = hits;
  await audit(db, "login_failed", context, {
    memberId,
    account: input.method === "password" ? input.account.trim().toLowerCase() : null,
    detail: { method: input.method, site: input.site, accountHits, ipHits },
  });
  const until = new Date(now.getTime() + policy.lockMs);
  if (context.ip && ipHits >= policy.ipBlockAfter) {
    await lockUntil(db, ipKey(context.ip), until);
    throw new PlatformError("ip_blocked", { captcha: true });
  }
  if (accountHits >= policy.accountLockAfter) {
    await lockUntil(db, accountKey(input), until);
    await audit(db, "login_locked", context, { memberId, detail: { until: until.toISOString() } });
    throw new PlatformError("account_locked", {
      captcha: true,
      retryAfterMinutes: Math.ceil(policy.lockMs / 60_000),
    });
  }
  return accountHits >= policy.accountCaptchaAfter || ipHits >= policy.ipCaptchaAfter;
}

/**
 * The password just proved right, hashed again at today's cost: hashes made
 * with older parameters are upgraded as their owners sign in. Only if the
 * stored hash is still the one verified (a concurrent change wins).
 */
async function rehashPassword(db: Database, member: Member, password: string) {
  const upgraded = await hashPassword(password);
  await db
    .updateTable("members")
    .set({ password_hash: upgraded })
    .where("id", "=", member.id)
    .where("password_hash", "=", member.password_hash)
    .execute();
  member.password_hash = upgraded;
}

/**
 * A wrong captcha counts against the IP only: the captcha itself is single-use, and counting
 * it against the account would let anyone lock any account (an operator's included) with
 * captchas alone.
 */
async function recordCaptchaFailure(
  db: Database,
  context: AuditContext,
  policy: IdentityPolicy,
  now: Date,
) {
  if (!context.ip) return;
  const ipHits = await countHit(db, ipKey(context.ip), policy.failureWindowMs, now);
  if (ipHits >= policy.ipBlockAfter)
    await lockUntil(db, ipKey(context.ip), new Date(now.getTime() + policy.lockMs));
}

/**
 * Login. Returns a new session, or — when a password change is forced —
 * a ticket for the change-password dialog instead of a session. Throws a
 * PlatformError whose `captcha` detail says whether the form must show one.
 */
export async function login(
  db: Database,
  input: LoginInput,
  rules: LoginRules,
  context: AuditContext,
  policy: IdentityPolicy,
  now = new Date(),
): Promise<LoginOutcome> {
  const state = await loginThrottleState(db, input, context.ip, policy, now);
  if (state.client.lockedUntil) throw new PlatformError("ip_blocked", { captcha: true });
  if (state.account.lockedUntil) {
    const minutes = Math.ceil((state.account.lockedUntil.getTime() - now.getTime()) / 60_000);
    throw new PlatformError("account_locked", { captcha: true, retryAfterMinutes: minutes });
  }
  if (state.captchaRequired) {
    if (!input.captcha?.trim()) throw new PlatformError("captcha_required", { captcha: true });
    if (!(await solveCaptcha(db, input.captchaId, input.captcha, now))) {
      await recordCaptchaFailure(db, context, policy, now);
      throw new PlatformError("captcha_wrong", { captcha: true });
    }
  }

  // Counted before the password or code is looked at; a right one takes its count back below.
  const hits = await admitLogin(db, input, context, policy, now);
  let member: Member | undefined;
  if (input.method === "password") {
    member = await findMemberByAccount(db, input.account);
    const ok = await verifyPassword(
      input.password,
      member?.password_hash ?? (await decoyPasswordHash()),
    );
    if (!ok) member = undefined;
    else if (member && needsRehash(member.password_hash))
      await rehashPassword(db, member, input.password);
  } else if (input.method === "handoff") {
    // Single use: a second request with the same token finds nothing.
    const memberId =
      input.token.length <= 64 ? await consumeLoginHandoff(db, input.token, now) : null;
    member = memberId ? await findMemberById(db, memberId) : undefined;
  } else {
    try {
      await consumeCode(
        db,
        {
          purpose: "login",
          target: { channel: "sms", dialingCode: input.dialingCode, mobile: input.mobile },
          code: input.code,
        },
        policy,
        now,
      );
      member = await findMemberByMobile(db, input.dialingCode, input.mobile);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      const captcha = await recordFailure(db, input, context, policy, now, null, hits);
      throw new PlatformError(error.code, { captcha });
    }
  }
  if (!member || !reachesSignInChecks(member.status)) {
    const captcha = await recordFailure(db, input, context, policy, now, member?.id ?? null, hits);
    throw new PlatformError("login_failed", { captcha });
  }
  // The right secret: the account's failures are forgiven, and the IP's count takes this one back.
  await clearLimit(db, accountKey(input));
  if (context.ip) await forgiveAttempt(db, ipKey(context.ip));
  return completeSignIn(
    db,
    member,
    {
      site: input.site,
      method: input.method,
      password: input.method === "password" ? input.password : undefined,
      remember: input.remember,
      redirectTo: input.redirectTo,
      reopen: input.reopen,
      deviceId: input.deviceId,
    },
    rules,
    context,
    policy,
    now,
  );
}
