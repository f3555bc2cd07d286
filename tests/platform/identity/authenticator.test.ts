import { generateTOTP } from "@epic-web/totp";
import { afterEach, describe, expect, test, vi } from "vitest";
import { isSealedText, openText } from "~/platform/db/at-rest.server";
import { PlatformError } from "~/platform/errors";
import {
  authenticatorStatus,
  base32,
  confirmEnrolment,
  matchingStep,
  pendingEnrolment,
  recoveryCodesLeft,
  removeAuthenticator,
  SECOND_FACTOR_LIMIT,
  startEnrolment,
  TOTP,
  verifySecondFactor,
} from "~/platform/identity/authenticator.server";
import { login } from "~/platform/identity/login.server";
import { OPERATOR_TYPE } from "~/platform/identity/member-types";
import { identityPolicy } from "~/platform/identity/policy.server";
import { completeSecondFactor } from "~/platform/identity/second-factor-login.server";
import { hashPassword } from "~/platform/identity/secrets.server";
import { useSeededDatabase } from "../../helpers/database";

/**
 * Authenticator codes (ADR 34). Runs on PGlite by default and on PostgreSQL in
 * CI (TEST_DATABASE_URL, through tests/helpers/database), where the 50
 * parallel wrong codes really race on separate connections.
 */
const seeded = useSeededDatabase();
const context = { ip: "203.0.113.77", userAgent: "vitest" };
const policy = identityPolicy();
const rules = { agentTypes: [1, 2, 41, 42], trialTypes: [4], passwordExpiry: false };
let counter = 0;

async function newMember(type = 0) {
  const account = `totp${Date.now().toString(36)}${++counter}`;
  const row = await seeded.db
    .insertInto("members")
    .values({
      account,
      nickname: null,
      type,
      password_hash: await hashPassword("Secret123"),
      password_changed_at: new Date(),
      profile: "{}",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, account };
}

const codeAt = async (secret: string, offsetSteps = 0) => {
  if (offsetSteps === 0) return (await generateTOTP({ ...TOTP, secret })).otp;
  const real = Date.now();
  vi.useFakeTimers({ toFake: ["Date"], now: real + offsetSteps * TOTP.period * 1000 });
  try {
    return (await generateTOTP({ ...TOTP, secret })).otp;
  } finally {
    vi.useRealTimers();
  }
};

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PlatformError) return error.code;
    throw error;
  }
  throw new Error("expected a PlatformError");
}

/** Enrolled and confirmed, with the recovery codes; the confirming step is then used up. */
async function enrolled(type = 0) {
  const member = await newMember(type);
  const { secret } = await startEnrolment(seeded.db, member, "Brand");
  const codes = await confirmEnrolment(seeded.db, member, await codeAt(secret), context);
  return { member, secret, codes };
}

const audited = async (memberId: string, event: string) =>
  Number(
    (
      await seeded.db
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("member_id", "=", memberId)
        .where("event", "=", event as never)
        .executeTakeFirstOrThrow()
    ).n,
  );

afterEach(() => vi.useRealTimers());

describe("TOTP (RFC 6238)", () => {
  test("the RFC's SHA-1 test vectors, through the library", async () => {
    // RFC 6238 appendix B: the seed "12345678901234567890" (ASCII), 8 digits.
    const secret = base32(new TextEncoder().encode("12345678901234567890"));
    expect(secret).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    const vectors: Array<[number, string]> = [
      [59, "94287082"],
      [1111111109, "07081804"],
      [1111111111, "14050471"],
      [1234567890, "89005924"],
      [2000000000, "69279037"],
    ];
    for (const [seconds, expected] of vectors) {
      vi.useFakeTimers({ toFake: ["Date"], now: seconds * 1000 });
      const { otp } = await generateTOTP({ secret, algorithm: "SHA-1", digits: 8, period: 30 });
      expect(otp).toBe(expected);
      // The 6-digit code is the same value's last six digits.
      expect((await generateTOTP({ ...TOTP, secret })).otp).toBe(expected.slice(2));
      expect(await matchingStep(secret, expected.slice(2))).toBe(Math.floor(seconds / 30));
    }
  });

  test("a window of one step either side, no more", async () => {
    const secret = base32(new TextEncoder().encode("12345678901234567890"));
    const now = Math.floor(Date.now() / 30_000);
    expect(await matchingStep(secret, await codeAt(secret, -1))).toBe(now - 1);
    expect(await matchingStep(secret, await codeAt(secret, 1))).toBe(now + 1);
    expect(await matchingStep(secret, await codeAt(secret, 3))).toBeNull();
  });
});

describe("enrolment", () => {
  test("the secret is pending until a right code confirms it; then ten recovery codes", async () => {
    const member = await newMember();
    const started = await startEnrolment(seeded.db, member, "Harbour Games");
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.uri).toContain(`otpauth://totp/Harbour%20Games:${member.account}?`);
    expect(started.uri).toContain("algorithm=SHA1&digits=6&period=30");
    expect(await authenticatorStatus(seeded.db, member.id)).toBe("pending");
    expect((await pendingEnrolment(seeded.db, member, "Harbour Games"))?.secret).toBe(
      started.secret,
    );
    // A pending secret does not guard a login yet.
    const outcome = await login(
      seeded.db,
      {
        method: "password",
        account: member.account,
        password: "Secret123",
        site: "member",
        remember: false,
      },
      rules,
      context,
      policy,
    );
    expect(outcome.kind).toBe("session");

    expect(await refusal(confirmEnrolment(seeded.db, member, "000000", context))).toBe(
      "second_factor_wrong",
    );
    expect(await authenticatorStatus(seeded.db, member.id)).toBe("pending");
    const codes = await confirmEnrolment(seeded.db, member, await codeAt(started.secret), context);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes)
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(await authenticatorStatus(seeded.db, member.id)).toBe("active");
    expect(await audited(member.id, "authenticator_enrolled")).toBe(1);
    // Stored hashed: no code appears in the table.
    const stored = await seeded.db
      .selectFrom("recovery_codes")
      .select("code_hash")
      .where("member_id", "=", member.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.join()).not.toContain(row.code_hash);
    // The secret is stored sealed, never in clear.
    const secretRow = await seeded.db
      .selectFrom("authenticators")
      .select("secret")
      .where("member_id", "=", member.id)
      .executeTakeFirstOrThrow();
    expect(secretRow.secret).not.toContain(started.secret);
    expect(isSealedText(secretRow.secret)).toBe(true);
    // A second enrolment must wait for a removal.
    expect(await refusal(startEnrolment(seeded.db, member, "Harbour Games"))).toBe(
      "authenticator_exists",
    );
  });
});

describe("second factor", () => {
  test("a current code passes once; the same step again is a replay", async () => {
    const { member, secret } = await enrolled();
    // The confirming code used the current step: it cannot sign in.
    const current = await codeAt(secret);
    expect(await refusal(verifySecondFactor(seeded.db, member, current, context))).toBe(
      "second_factor_replayed",
    );
    const next = await codeAt(secret, 1);
    expect(await verifySecondFactor(seeded.db, member, next, context)).toBe("totp");
    expect(await refusal(verifySecondFactor(seeded.db, member, next, context))).toBe(
      "second_factor_replayed",
    );
    expect(await refusal(verifySecondFactor(seeded.db, member, "123", context))).toBe(
      "second_factor_wrong",
    );
    expect(await audited(member.id, "second_factor_failed")).toBe(3);
  });

  test("a secret stored in clear before sealing began still works, and is sealed at its first use", async () => {
    const { member, secret } = await enrolled();
    await seeded.db
      .updateTable("authenticators")
      .set({ secret })
      .where("member_id", "=", member.id)
      .execute();
    expect(await verifySecondFactor(seeded.db, member, await codeAt(secret, 1), context)).toBe(
      "totp",
    );
    const row = await seeded.db
      .selectFrom("authenticators")
      .select("secret")
      .where("member_id", "=", member.id)
      .executeTakeFirstOrThrow();
    expect(isSealedText(row.secret)).toBe(true);
    expect(openText(row.secret)).toBe(secret);
  });

  test("a recovery code works once, typed in any case and spacing", async () => {
    const { member, codes } = await enrolled();
    const typed = codes[0]!.toLowerCase().replace(/-/g, " ");
    expect(await verifySecondFactor(seeded.db, member, typed, context)).toBe("recovery");
    expect(await refusal(verifySecondFactor(seeded.db, member, codes[0]!, context))).toBe(
      "second_factor_recovery_used",
    );
    expect(await recoveryCodesLeft(seeded.db, member.id)).toBe(9);
    expect(await audited(member.id, "recovery_code_used")).toBe(1);
    // Another member's code is no good here.
    const other = await enrolled();
    expect(await refusal(verifySecondFactor(seeded.db, member, other.codes[0]!, context))).toBe(
      "second_factor_wrong",
    );
  });

  test("50 parallel wrong codes: at most the limit reach the check; then a right code is refused", async () => {
    const { member, secret } = await enrolled();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        refusal(verifySecondFactor(seeded.db, member, String(100000 + i), context)),
      ),
    );
    const evaluated = results.filter((code) => code === "second_factor_wrong").length;
    expect(evaluated).toBeLessThanOrEqual(SECOND_FACTOR_LIMIT);
    expect(evaluated + results.filter((code) => code === "second_factor_locked").length).toBe(50);
    // Only the evaluated ones were audited as failed; the lock once.
    expect(await audited(member.id, "second_factor_failed")).toBe(evaluated);
    expect(await audited(member.id, "second_factor_locked")).toBe(1);
    const right = await codeAt(secret, 1);
    expect(await refusal(verifySecondFactor(seeded.db, member, right, context))).toBe(
      "second_factor_locked",
    );
    // The lock says how long: the rest of the 15-minute window.
    try {
      await verifySecondFactor(seeded.db, member, right, context);
    } catch (error) {
      expect((error as PlatformError).details.minutes).toBeGreaterThan(13);
    }
    // After the window the right code passes again.
    const later = new Date(Date.now() + 16 * 60_000);
    expect(await verifySecondFactor(seeded.db, member, right, context, later)).toBe("totp");
  });

  test("removal needs a code; afterwards logins are one step again", async () => {
    const { member, secret } = await enrolled();
    expect(await refusal(removeAuthenticator(seeded.db, member, "999999", context))).toBe(
      "second_factor_wrong",
    );
    await removeAuthenticator(seeded.db, member, await codeAt(secret, 1), context);
    expect(await authenticatorStatus(seeded.db, member.id)).toBe("none");
    expect(await recoveryCodesLeft(seeded.db, member.id)).toBe(0);
    expect(await audited(member.id, "authenticator_removed")).toBe(1);
    expect(await refusal(verifySecondFactor(seeded.db, member, "123456", context))).toBe(
      "authenticator_missing",
    );
  });
});

describe("login with an authenticator", () => {
  test("the password gives a ticket, not a session; the code turns it into one, once", async () => {
    const { member, secret } = await enrolled(OPERATOR_TYPE);
    const outcome = await login(
      seeded.db,
      {
        method: "password",
        account: member.account,
        password: "Secret123",
        site: "ops",
        remember: false,
      },
      rules,
      context,
      policy,
    );
    expect(outcome.kind).toBe("second-factor");
    const ticket = outcome.kind === "second-factor" ? outcome.ticket : "";
    expect(
      await refusal(
        completeSecondFactor(seeded.db, { ticket, code: "000000", site: "ops" }, context, policy),
      ),
    ).toBe("second_factor_wrong");
    // The ticket is the ops site's only.
    expect(
      await refusal(
        completeSecondFactor(
          seeded.db,
          { ticket, code: await codeAt(secret, 1), site: "member" },
          context,
          policy,
        ),
      ),
    ).toBe("second_factor_expired");
    const done = await completeSecondFactor(
      seeded.db,
      { ticket, code: await codeAt(secret, 1), site: "ops" },
      context,
      policy,
    );
    expect(done.kind).toBe("session");
    expect(done.site).toBe("ops");
    expect(
      await refusal(
        completeSecondFactor(seeded.db, { ticket, code: "123456", site: "ops" }, context, policy),
      ),
    ).toBe("second_factor_expired");
  });
});
