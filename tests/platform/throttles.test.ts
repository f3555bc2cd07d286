import { describe, expect, test } from "vitest";
import { PlatformError } from "~/platform/errors";
import { issueCaptcha } from "~/platform/identity/captcha.server";
import { consumeCode, requestCode } from "~/platform/identity/codes.server";
import { login, type LoginInput } from "~/platform/identity/login.server";
import { outboxMailSender, outboxSmsSender } from "~/platform/identity/outbox.server";
import { changePassword } from "~/platform/identity/password-change.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { hashPassword } from "~/platform/identity/secrets.server";
import {
  checkWithdrawPassword,
  setWithdrawPassword,
} from "~/platform/wallet/withdraw-password.server";
import { useSeededDatabase } from "./../helpers/database";
import { insertMember } from "./../helpers/wallet";

/**
 * Every lockout counts the attempt in the statement that checks it (ADR 36): 50 wrong
 * attempts fired at once against one account are evaluated at most as often as the limit
 * allows. On PGlite the requests interleave at every await; on the PostgreSQL leg they run
 * on a pool of connections at the same time.
 */
const seeded = useSeededDatabase();
const policy = identityPolicy();
const rules = { agentTypes: [1, 2, 41, 42], trialTypes: [4], passwordExpiry: true };
const senders = () => ({ sms: outboxSmsSender(seeded.db), mail: outboxMailSender(seeded.db) });
const PARALLEL = 50;
let ipCounter = 0;
const context = () => ({ ip: `192.0.2.${++ipCounter}`, userAgent: "vitest" });

/** Settles every attempt and counts the refusals by code. */
async function refusals(attempts: Promise<unknown>[]) {
  const counts: Record<string, number> = {};
  for (const outcome of await Promise.allSettled(attempts)) {
    if (outcome.status === "fulfilled") throw new Error("a wrong attempt passed");
    const code = outcome.reason instanceof PlatformError ? outcome.reason.code : "thrown";
    if (code === "thrown") throw outcome.reason;
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}

async function memberWithPassword(password: string) {
  const memberId = await insertMember(seeded.db);
  const account = `throttle${memberId.slice(0, 8)}`;
  await seeded.db
    .updateTable("members")
    .set({ account, password_hash: await hashPassword(password) })
    .where("id", "=", memberId)
    .execute();
  return { memberId, account };
}

describe("50 wrong attempts at once", () => {
  test("login password: at most the lock threshold are evaluated (audited failures)", async () => {
    const { memberId, account } = await memberWithPassword("Right12345");
    const input: LoginInput = {
      site: "member",
      remember: false,
      method: "password",
      account,
      password: "Wrong12345",
    };
    // Each from its own address, so only the account's count can stop them.
    const counts = await refusals(
      Array.from({ length: PARALLEL }, () => login(seeded.db, input, rules, context(), policy)),
    );
    const failures = await seeded.db
      .selectFrom("audit_log")
      .select("id")
      .where("event", "=", "login_failed")
      .where("member_id", "is", null)
      .where("account", "=", account)
      .execute();
    expect(failures.length).toBeLessThanOrEqual(policy.accountLockAfter);
    expect(failures.length).toBeGreaterThan(0);
    expect(counts.account_locked).toBeGreaterThanOrEqual(PARALLEL - policy.accountLockAfter);
    // And the right password, now, is refused too: the account is locked for its time.
    await expect(
      login(seeded.db, { ...input, password: "Right12345" }, rules, context(), policy),
    ).rejects.toMatchObject({ code: "account_locked" });
    expect(memberId).toBeTruthy();
  });

  test("SMS code: at most codeMaxAttempts answers are compared", async () => {
    const target = { channel: "sms" as const, dialingCode: "92", mobile: "3007770001" };
    await requestCode(seeded.db, senders(), { purpose: "login", target }, context(), policy);
    const counts = await refusals(
      Array.from({ length: PARALLEL }, (_, index) =>
        consumeCode(
          seeded.db,
          { purpose: "login", target, code: String(100000 + index * 7) },
          policy,
        ),
      ),
    );
    // A guess that happened to be right would have passed; none did, so every compared one is "invalid".
    expect(counts["invalid-verification-code"]).toBeLessThanOrEqual(policy.codeMaxAttempts);
    expect(counts["code-expired"]).toBeGreaterThanOrEqual(PARALLEL - policy.codeMaxAttempts);
  });

  test("withdraw password: at most 5 are checked, and the right one is then locked out too", async () => {
    const { memberId } = await memberWithPassword("Right12345");
    await setWithdrawPassword(
      seeded.db,
      { memberId, loginPassword: "Right12345", newWithdrawPassword: "246810" },
      context(),
    );
    const counts = await refusals(
      Array.from({ length: PARALLEL }, () => checkWithdrawPassword(seeded.db, memberId, "135791")),
    );
    expect(counts.withdraw_password_wrong).toBeLessThanOrEqual(5);
    expect(counts.withdraw_password_locked).toBeGreaterThanOrEqual(PARALLEL - 5);
    await expect(checkWithdrawPassword(seeded.db, memberId, "246810")).rejects.toMatchObject({
      code: "withdraw_password_locked",
    });
  });

  test("a right withdraw password takes its count back: the owner's withdrawals never lock", async () => {
    const { memberId } = await memberWithPassword("Right12345");
    await setWithdrawPassword(
      seeded.db,
      { memberId, loginPassword: "Right12345", newWithdrawPassword: "246810" },
      context(),
    );
    for (let index = 0; index < 8; index++)
      await checkWithdrawPassword(seeded.db, memberId, "246810");
  });

  test("old password at a change, and the login password for a first withdraw password: one allowance of 5", async () => {
    const { memberId } = await memberWithPassword("Right12345");
    const counts = await refusals(
      Array.from({ length: PARALLEL }, (_, index) =>
        index % 2
          ? changePassword(
              seeded.db,
              {
                memberId,
                sessionId: "0",
                oldPassword: "Wrong12345",
                newPassword: "Newer12345",
              },
              context(),
            )
          : setWithdrawPassword(
              seeded.db,
              { memberId, loginPassword: "Wrong12345", newWithdrawPassword: "246810" },
              context(),
            ),
      ),
    );
    expect(counts.old_password_wrong).toBeLessThanOrEqual(5);
    expect(counts["too-many-requests"]).toBeGreaterThanOrEqual(PARALLEL - 5);
  });
});

describe("captchas and addresses", () => {
  test("wrong captchas never lock the account, an operator's included", async () => {
    const ops = await seeded.db
      .selectFrom("members")
      .select("account")
      .where("account", "=", "ops01")
      .executeTakeFirstOrThrow();
    const ip = "198.18.0.1";
    // Enough failures from one address that it must answer a captcha, then wrong captchas.
    for (let index = 0; index < policy.ipCaptchaAfter; index++) {
      await login(
        seeded.db,
        {
          site: "ops",
          remember: false,
          method: "password",
          account: `nobody${index}`,
          password: "Wrong12345",
        },
        rules,
        { ip, userAgent: "vitest" },
        policy,
      ).catch(() => undefined);
    }
    for (let index = 0; index < 12; index++) {
      const captcha = await issueCaptcha(seeded.db, policy);
      await expect(
        login(
          seeded.db,
          {
            site: "ops",
            remember: false,
            method: "password",
            account: ops.account,
            password: "Ops12345",
            captchaId: captcha.id,
            captcha: "WRONG",
          },
          rules,
          { ip, userAgent: "vitest" },
          policy,
        ),
      ).rejects.toMatchObject({ code: expect.stringMatching(/^(captcha_wrong|ip_blocked)$/) });
    }
    // From another address the operator's password is taken at once (the account was never
    // counted): the next step is the authenticator code that staff always give (ADR 34).
    const outcome = await login(
      seeded.db,
      { site: "ops", remember: false, method: "password", account: "ops01", password: "Ops12345" },
      rules,
      context(),
      policy,
    );
    expect(outcome.kind).toBe("second-factor");
  });
});
