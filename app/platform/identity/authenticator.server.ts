import { randomBytes } from "node:crypto";
import { getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { sql } from "kysely";
import { clearLimit, countAttempt } from "./rate-limits.server";
import { hashToken } from "./secrets.server";
import { audit, type AuditContext } from "../audit/audit.server";
import { isSealedText, openText, sealText } from "../db/at-rest.server";
import type { Database } from "../db/open.server";
import { PlatformError } from "../errors";

/**
 * Authenticator codes (TOTP, RFC 6238; ADR 34) with @epic-web/totp: SHA-1, 6
 * digits, 30 s, a window of one step either side (the settings every
 * authenticator app reads from the QR). The code's time step comes from the
 * clock (`Date.now()`, the library's own); `now` dates the rows and the throttle.
 */
export const TOTP = { algorithm: "SHA-1", digits: 6, period: 30, window: 1 } as const;

/** Wrong second-factor codes one account may type per window before it is locked for the rest of it. */
export const SECOND_FACTOR_LIMIT = 5;
export const SECOND_FACTOR_WINDOW_MS = 15 * 60_000;
export const RECOVERY_CODE_COUNT = 10;

const RFC4648 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
/** Recovery codes: Crockford's alphabet (no I, L, O, U), so a code read aloud or copied by hand survives. */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** Base32 without padding: 5 bits a character. */
export function base32(bytes: Uint8Array, alphabet = RFC4648): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

/** A new secret: 160 random bits (RFC 4226's recommended length), base32 as the apps expect. */
export function newSecret(): string {
  return base32(randomBytes(20));
}

const secondFactorKey = (memberId: string) => `second-factor:${memberId}`;
const stepNow = () => Math.floor(Date.now() / 1000 / TOTP.period);

/** The time step a code belongs to, or null when it matches none of the window's steps. */
export async function matchingStep(secret: string, code: string): Promise<number | null> {
  for (;;) {
    const before = stepNow();
    const match = await verifyTOTP({ otp: code, secret, ...TOTP });
    // The library reads the clock itself: a step boundary crossed meanwhile is read again.
    if (stepNow() === before) return match ? before + match.delta : null;
  }
}

/** Digits only, spaces and dashes dropped: what the member typed as a TOTP code. */
const asTotp = (code: string) => {
  const digits = code.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
};

/** A recovery code as stored: upper case, separators dropped, look-alikes folded (O→0, I/L→1). */
function normaliseRecoveryCode(code: string): string {
  return code
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
}

/**
 * Recovery codes have 80 random bits each, so a plain SHA-256 keeps them safe at
 * rest (no salt or slow hash needed against guessing; ADR 34); keyed with the
 * member, so one hash is never valid for another account.
 */
const recoveryHash = (memberId: string, code: string) =>
  hashToken(`${memberId}:${normaliseRecoveryCode(code)}`);

function newRecoveryCode(): string {
  return (base32(randomBytes(10), CROCKFORD).match(/.{4}/g) ?? []).join("-");
}

export type AuthenticatorStatus = "none" | "pending" | "active";

export async function authenticatorStatus(
  db: Database,
  memberId: string,
): Promise<AuthenticatorStatus> {
  const row = await db
    .selectFrom("authenticators")
    .select("confirmed_at")
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  if (!row) return "none";
  return row.confirmed_at ? "active" : "pending";
}

/** Whether a login of this member needs the second step. */
export async function hasAuthenticator(db: Database, memberId: string): Promise<boolean> {
  return (await authenticatorStatus(db, memberId)) === "active";
}

/** Unused recovery codes left. */
export async function recoveryCodesLeft(db: Database, memberId: string): Promise<number> {
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("member_id", "=", memberId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface Enrolment {
  secret: string;
  /** The otpauth:// URI the QR encodes. */
  uri: string;
}

const enrolmentOf = (secret: string, account: string, issuer: string): Enrolment => ({
  secret,
  uri: getTOTPAuthUri({ ...TOTP, secret, accountName: account, issuer }),
});

/**
 * Step one: a new secret, kept pending (a login does not ask for it yet). A
 * pending one is replaced; an active one must be removed first.
 */
export async function startEnrolment(
  db: Database,
  member: { id: string; account: string },
  issuer: string,
  now = new Date(),
): Promise<Enrolment> {
  const secret = newSecret();
  // Kept sealed: a copy of the database or a backup without DATA_KEY cannot mint codes.
  const sealed = sealText(secret);
  const row = await db
    .insertInto("authenticators")
    .values({ member_id: member.id, secret: sealed, created_at: now })
    .onConflict((oc) =>
      oc
        .column("member_id")
        .doUpdateSet({ secret: sealed, created_at: now, last_used_step: null })
        .where("authenticators.confirmed_at", "is", null),
    )
    .returning("member_id")
    .executeTakeFirst();
  if (!row) throw new PlatformError("authenticator_exists");
  return enrolmentOf(secret, member.account, issuer);
}

/** The pending enrolment to show again (a reload, a page without JavaScript), or null. */
export async function pendingEnrolment(
  db: Database,
  member: { id: string; account: string },
  issuer: string,
): Promise<Enrolment | null> {
  const row = await db
    .selectFrom("authenticators")
    .select("secret")
    .where("member_id", "=", member.id)
    .where("confirmed_at", "is", null)
    .executeTakeFirst();
  return row ? enrolmentOf(openText(row.secret), member.account, issuer) : null;
}

/**
 * Counts one attempt against the account's second-factor throttle; refuses it
 * (without looking at the code) once the window's limit has been reached.
 */
async function passGate(db: Database, memberId: string, now: Date) {
  const gate = await countAttempt(db, secondFactorKey(memberId), SECOND_FACTOR_WINDOW_MS, now);
  if (gate.hits > SECOND_FACTOR_LIMIT) {
    throw new PlatformError("second_factor_locked", {
      minutes: Math.max(1, Math.ceil((gate.windowEndsAt.getTime() - now.getTime()) / 60_000)),
    });
  }
  return gate;
}

/** A wrong code: audited, and the lock audited when this one used the window's last try. */
async function refuse(
  db: Database,
  member: { id: string; account: string },
  gate: { hits: number; windowEndsAt: Date },
  reason: "wrong" | "replayed" | "recovery_used",
  context: AuditContext,
  purpose: string,
): Promise<never> {
  await audit(db, "second_factor_failed", context, {
    memberId: member.id,
    account: member.account,
    detail: { reason, purpose, hits: gate.hits },
  });
  if (gate.hits === SECOND_FACTOR_LIMIT) {
    await audit(db, "second_factor_locked", context, {
      memberId: member.id,
      account: member.account,
      detail: { until: gate.windowEndsAt.toISOString() },
    });
  }
  throw new PlatformError(reason === "wrong" ? "second_factor_wrong" : `second_factor_${reason}`);
}

/**
 * Step two: the first right code from the app activates the secret; ten
 * recovery codes are made and returned once (only their hashes are kept).
 */
export async function confirmEnrolment(
  db: Database,
  member: { id: string; account: string },
  code: string,
  context: AuditContext,
  now = new Date(),
): Promise<string[]> {
  const pending = await db
    .selectFrom("authenticators")
    .select("secret")
    .where("member_id", "=", member.id)
    .where("confirmed_at", "is", null)
    .executeTakeFirst();
  if (!pending) throw new PlatformError("authenticator_not_pending");
  const gate = await passGate(db, member.id, now);
  const totp = asTotp(code);
  const step = totp ? await matchingStep(openText(pending.secret), totp) : null;
  if (step === null) return refuse(db, member, gate, "wrong", context, "enrol");
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const confirmed = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("authenticators")
      .set({ confirmed_at: now, last_used_step: String(step) })
      .where("member_id", "=", member.id)
      .where("confirmed_at", "is", null)
      .where("secret", "=", pending.secret)
      .returning("member_id")
      .executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom("recovery_codes").where("member_id", "=", member.id).execute();
    await trx
      .insertInto("recovery_codes")
      .values(codes.map((c) => ({ member_id: member.id, code_hash: recoveryHash(member.id, c) })))
      .execute();
    return true;
  });
  if (!confirmed) throw new PlatformError("authenticator_not_pending");
  await clearLimit(db, secondFactorKey(member.id));
  await audit(db, "authenticator_enrolled", context, {
    memberId: member.id,
    account: member.account,
  });
  return codes;
}

export type SecondFactorMethod = "totp" | "recovery";

/**
 * The second factor: a current code from the app (one whose step is newer than
 * the last accepted: a code is never accepted twice) or an unused recovery
 * code (used up by this). Every attempt passes the throttle's gate first.
 */
export async function verifySecondFactor(
  db: Database,
  member: { id: string; account: string },
  code: string,
  context: AuditContext,
  now = new Date(),
  purpose = "login",
): Promise<SecondFactorMethod> {
  const active = await db
    .selectFrom("authenticators")
    .select("secret")
    .where("member_id", "=", member.id)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  if (!active) throw new PlatformError("authenticator_missing");
  const gate = await passGate(db, member.id, now);
  const totp = asTotp(code);
  if (totp) {
    const plain = openText(active.secret);
    const step = await matchingStep(plain, totp);
    if (step === null) return refuse(db, member, gate, "wrong", context, purpose);
    // One statement: of two requests with the same code, only one moves the step on.
    const moved = await db
      .updateTable("authenticators")
      .set({ last_used_step: String(step) })
      .where("member_id", "=", member.id)
      .where((eb) =>
        eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", String(step))]),
      )
      .returning("member_id")
      .executeTakeFirst();
    if (!moved) {
      // A replay is refused but not counted towards the lock: it was a right code, typed twice
      // (two tabs, two quick sign-ins); the refusal itself is the protection.
      await db
        .updateTable("rate_limits")
        .set({ hits: sql`greatest(rate_limits.hits - 1, 0)` })
        .where("key", "=", secondFactorKey(member.id))
        .execute();
      return refuse(db, member, gate, "replayed", context, purpose);
    }
    await clearLimit(db, secondFactorKey(member.id));
    // A secret stored before sealing began is sealed at its first use.
    if (!isSealedText(active.secret)) {
      await db
        .updateTable("authenticators")
        .set({ secret: sealText(plain) })
        .where("member_id", "=", member.id)
        .where("secret", "=", active.secret)
        .execute();
    }
    return "totp";
  }
  const used = await db
    .updateTable("recovery_codes")
    .set({ used_at: now })
    .where("member_id", "=", member.id)
    .where("code_hash", "=", recoveryHash(member.id, code))
    .where("used_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (!used) {
    // A used code is told apart (the member may have a stale list); it still counts as a wrong try.
    const spent = await db
      .selectFrom("recovery_codes")
      .select("id")
      .where("member_id", "=", member.id)
      .where("code_hash", "=", recoveryHash(member.id, code))
      .executeTakeFirst();
    return refuse(db, member, gate, spent ? "recovery_used" : "wrong", context, purpose);
  }
  await clearLimit(db, secondFactorKey(member.id));
  await audit(db, "recovery_code_used", context, {
    memberId: member.id,
    account: member.account,
    detail: { purpose, left: await recoveryCodesLeft(db, member.id) },
  });
  return "recovery";
}

/** Turns the authenticator off: proven by a current code or a recovery code. */
export async function removeAuthenticator(
  db: Database,
  member: { id: string; account: string },
  code: string,
  context: AuditContext,
  now = new Date(),
): Promise<void> {
  await verifySecondFactor(db, member, code, context, now, "remove");
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("recovery_codes").where("member_id", "=", member.id).execute();
    await trx.deleteFrom("authenticators").where("member_id", "=", member.id).execute();
  });
  await audit(db, "authenticator_removed", context, {
    memberId: member.id,
    account: member.account,
  });
}

/**
 * The demo seed's operator: enrolled with a fixed secret (README, demo
 * accounts), no recovery codes. Never used outside the demo seed.
 */
export async function enrolWithSecret(db: Database, memberId: string, secret: string, now: Date) {
  await db
    .insertInto("authenticators")
    .values({ member_id: memberId, secret: sealText(secret), created_at: now, confirmed_at: now })
    .onConflict((oc) => oc.column("member_id").doNothing())
    .execute();
}
