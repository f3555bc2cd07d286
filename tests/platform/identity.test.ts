import { describe, expect, test } from "vitest";
import { PlatformError } from "~/platform/errors";
import { refreshCaptcha, issueCaptcha, solveCaptcha } from "~/platform/identity/captcha.server";
import { consumeCode, requestCode } from "~/platform/identity/codes.server";
import { DEFAULT_PASSWORD, REMEMBER_ME_MS } from "~/platform/identity/constants";
import { forcedChangeReason } from "~/platform/identity/forced-change";
import { login, type LoginInput } from "~/platform/identity/login.server";
import { isAgentType, isTrialType, OPERATOR_TYPE, roleOf } from "~/platform/identity/member-types";
import { findMemberByAccount } from "~/platform/identity/members.server";
import {
  latestOutboxMessage,
  outboxMailSender,
  outboxSmsSender,
} from "~/platform/identity/outbox.server";
import {} from "~/platform/identity/password-change.server";
import {
  completePasswordChange,
  resetByPhoneAndSignIn,
} from "~/platform/identity/password-reset.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { hitOncePer } from "~/platform/identity/rate-limits.server";
import {
  decoyPasswordHash,
  hashPassword,
  hashToken,
  verifyPassword,
} from "~/platform/identity/secrets.server";
import {
  consumeLoginHandoff,
  createLoginHandoff,
  createSession,
  deleteSession,
  readSession,
} from "~/platform/identity/sessions.server";
import { createTrialAccount, registerMember } from "~/platform/registration/registration.server";
import { useSeededDatabase } from "../helpers/database";

const seeded = useSeededDatabase();
const policy = identityPolicy();
const sets = { agentTypes: [1, 2, 41, 42], trialTypes: [4] };
const rules = { ...sets, passwordExpiry: true };
const senders = () => ({ sms: outboxSmsSender(seeded.db), mail: outboxMailSender(seeded.db) });
const at = (iso: string) => new Date(iso);
let ipCounter = 0;
/** A fresh client address per test, so IP counters never leak between tests. */
const context = () => ({ ip: `203.0.113.${++ipCounter}`, userAgent: "vitest" });

async function platformError(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PlatformError) return error;
    throw error;
  }
  throw new Error("expected a PlatformError");
}

const passwordLogin = (
  account: string,
  password: string,
  extra: Partial<LoginInput> = {},
): LoginInput =>
  ({
    method: "password",
    account,
    password,
    site: "member",
    remember: false,
    ...extra,
  }) as LoginInput;

describe("passwords", () => {
  test("scrypt hashes verify, are salted, and reject a wrong password", async () => {
    const first = await hashPassword("Secret123");
    const second = await hashPassword("Secret123");
    // vitest hashes at PASSWORD_HASH_LOG_N=10 (vitest.config.ts); production at 2^17 (passwords.test.ts).
    expect(first).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword("Secret123", first)).toBe(true);
    expect(await verifyPassword("Secret124", first)).toBe(false);
    expect(await verifyPassword("Secret123", "garbage")).toBe(false);
    expect(await verifyPassword("anything", await decoyPasswordHash())).toBe(false);
  });
});

describe("member types", () => {
  test.each([
    [1, "agent"],
    [2, "agent"],
    [41, "agent"],
    [42, "agent"],
    [4, "trial"],
    [0, "member"],
    [3, "member"],
    [OPERATOR_TYPE, "operator"],
  ])("type %i is %s", (type, role) => {
    expect(roleOf(type, sets)).toBe(role);
    expect(isAgentType(type, sets)).toBe(role === "agent");
    expect(isTrialType(type, sets)).toBe(role === "trial");
  });
});

describe("forced password change", () => {
  const now = at("2026-11-21T12:00:00Z");
  const fresh = at("2026-11-01T00:00:00Z");
  const old = at("2026-01-01T00:00:00Z");
  const maxAgeMs = 90 * 86_400_000;
  test.each([
    ["password", DEFAULT_PASSWORD, false, fresh, true, "default_password"],
    ["password", "Other123", true, fresh, true, "first_login"],
    ["password", "Other123", false, old, true, "expired"],
    ["password", "Other123", false, old, false, null],
    ["password", "Other123", false, fresh, true, null],
    ["sms", undefined, false, old, true, null],
    ["sms", undefined, true, fresh, true, "first_login"],
  ] as const)(
    "%s login, password %s, first %s, changed %s, expiry %s → %s",
    (method, password, firstTimeLogin, changedAt, expiryEnabled, expected) => {
      expect(
        forcedChangeReason({
          method,
          password,
          firstTimeLogin,
          passwordChangedAt: changedAt,
          expiryEnabled,
          maxAgeMs,
          now,
        }),
      ).toBe(expected);
    },
  );
});

describe("sessions", () => {
  test("the token is random, stored hashed, and resolves to its member", async () => {
    const member = (await findMemberByAccount(seeded.db, "player01"))!;
    const session = await createSession(
      seeded.db,
      {
        memberId: member.id,
        site: "member",
        remember: false,
        ip: "203.0.113.1",
        userAgent: "vitest",
      },
      policy,
    );
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await seeded.db
      .selectFrom("sessions")
      .selectAll()
      .where("token_hash", "=", hashToken(session.token))
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(session.token);
    expect(row).toMatchObject({ ip: "203.0.113.1", user_agent: "vitest", site: "member" });
    expect((await readSession(seeded.db, session.token, policy))?.member.account).toBe("player01");
    expect(await readSession(seeded.db, "x".repeat(43), policy)).toBeNull();
  });

  test("only the member's first sign-in ever is a first-login session (execution F)", async () => {
    const memberId = (await findMemberByAccount(seeded.db, "oldtimer"))!.id;
    await seeded.db
      .updateTable("members")
      .set({ last_login_at: null })
      .where("id", "=", memberId)
      .execute();
    const open = () =>
      createSession(seeded.db, { memberId, site: "member", remember: false, ...context() }, policy);
    const [first, second] = [await open(), await open()];
    expect((await readSession(seeded.db, first.token, policy))?.firstLogin).toBe(true);
    expect((await readSession(seeded.db, second.token, policy))?.firstLogin).toBe(false);
  });

  test("idle and absolute lifetimes; remember-me lives one day", async () => {
    const member = (await findMemberByAccount(seeded.db, "player01"))!;
    const start = at("2026-11-21T08:00:00Z");
    const short = { sessionIdleMs: 30 * 60_000, sessionAbsoluteMs: 2 * 3_600_000 };
    const idle = await createSession(
      seeded.db,
      { memberId: member.id, site: "member", remember: false, ip: null, userAgent: null },
      short,
      start,
    );
    expect(idle.cookieMaxAgeSeconds).toBeUndefined();
    // Active every 20 minutes: alive past the idle limit, dead at the absolute one.
    for (let minutes = 20; minutes < 120; minutes += 20) {
      expect(
        await readSession(
          seeded.db,
          idle.token,
          short,
          new Date(start.getTime() + minutes * 60_000),
        ),
      ).not.toBeNull();
    }
    expect(
      await readSession(seeded.db, idle.token, short, new Date(start.getTime() + 121 * 60_000)),
    ).toBeNull();

    const quiet = await createSession(
      seeded.db,
      { memberId: member.id, site: "member", remember: false, ip: null, userAgent: null },
      short,
      start,
    );
    expect(
      await readSession(seeded.db, quiet.token, short, new Date(start.getTime() + 31 * 60_000)),
    ).toBeNull();

    const remembered = await createSession(
      seeded.db,
      { memberId: member.id, site: "member", remember: true, ip: null, userAgent: null },
      short,
      start,
    );
    expect(remembered.cookieMaxAgeSeconds).toBe(REMEMBER_ME_MS / 1000);
    expect(remembered.expiresAt.getTime() - start.getTime()).toBe(86_400_000);
    expect(
      await readSession(
        seeded.db,
        remembered.token,
        short,
        new Date(start.getTime() + 23 * 3_600_000),
      ),
    ).not.toBeNull();
    expect(
      await readSession(
        seeded.db,
        remembered.token,
        short,
        new Date(start.getTime() + 24 * 3_600_000 + 1),
      ),
    ).toBeNull();
  });

  test("every login gets a new token; logout kills it", async () => {
    const first = await login(
      seeded.db,
      passwordLogin("vipstar", "Vip12345"),
      rules,
      context(),
      policy,
    );
    const second = await login(
      seeded.db,
      passwordLogin("VIPSTAR", "Vip12345"),
      rules,
      context(),
      policy,
    );
    if (first.kind !== "session" || second.kind !== "session") throw new Error("expected sessions");
    expect(first.session.token).not.toBe(second.session.token);
    expect(await deleteSession(seeded.db, first.session.token)).toBe(first.member.id);
    expect(await readSession(seeded.db, first.session.token, policy)).toBeNull();
    expect(await readSession(seeded.db, second.session.token, policy)).not.toBeNull();
  });

  test("a hand-off token logs in once", async () => {
    const member = (await findMemberByAccount(seeded.db, "player01"))!;
    const token = await createLoginHandoff(seeded.db, member.id, policy);
    expect(await consumeLoginHandoff(seeded.db, token)).toBe(member.id);
    expect(await consumeLoginHandoff(seeded.db, token)).toBeNull();
    const late = await createLoginHandoff(seeded.db, member.id, policy, at("2020-01-01T00:00:00Z"));
    expect(await consumeLoginHandoff(seeded.db, late)).toBeNull();
  });
});

describe("login", () => {
  test("refuses non-agents on the agent site and non-members on the member site", async () => {
    expect(
      (
        await platformError(
          login(
            seeded.db,
            passwordLogin("player01", "Player123", { site: "agent" }),
            rules,
            context(),
            policy,
          ),
        )
      ).code,
    ).toBe("non_agent_login");
    expect(
      (
        await platformError(
          login(seeded.db, passwordLogin("ops01", "Ops12345"), rules, context(), policy),
        )
      ).code,
    ).toBe("non_member_login");
    expect(
      (
        await login(
          seeded.db,
          passwordLogin("agent01", "Agent123", { site: "agent" }),
          rules,
          context(),
          policy,
        )
      ).kind,
    ).toBe("session");
  });

  test("the default password and an expired one open the change-password step, which then signs in", async () => {
    const outcome = await login(
      seeded.db,
      passwordLogin("newbie01", DEFAULT_PASSWORD),
      rules,
      context(),
      policy,
    );
    expect(outcome).toMatchObject({ kind: "change-password", reason: "default_password" });
    expect(
      await seeded.db
        .selectFrom("sessions")
        .select("id")
        .where("member_id", "=", outcome.member.id)
        .execute(),
    ).toHaveLength(0);
    if (outcome.kind !== "change-password") throw new Error("unreachable");
    expect(
      (
        await platformError(
          completePasswordChange(
            seeded.db,
            { ticket: outcome.ticket, newPassword: DEFAULT_PASSWORD },
            rules,
            context(),
            policy,
          ),
        )
      ).code,
    ).toBe("password_default_not_allowed");
    const done = await completePasswordChange(
      seeded.db,
      { ticket: outcome.ticket, newPassword: "Fresh2026" },
      rules,
      context(),
      policy,
    );
    expect(done.redirectTo).toBe("/");
    if (done.outcome.kind !== "session") throw new Error("expected a session");
    expect(await readSession(seeded.db, done.outcome.session.token, policy)).not.toBeNull();
    // The ticket is single-use.
    expect(
      (
        await platformError(
          completePasswordChange(
            seeded.db,
            { ticket: outcome.ticket, newPassword: "Again2026" },
            rules,
            context(),
            policy,
          ),
        )
      ).code,
    ).toBe("password_change_expired");
    expect(
      (await login(seeded.db, passwordLogin("newbie01", "Fresh2026"), rules, context(), policy))
        .kind,
    ).toBe("session");

    expect(
      await login(seeded.db, passwordLogin("oldtimer", "Player123"), rules, context(), policy),
    ).toMatchObject({ reason: "expired" });
    expect(
      (
        await login(
          seeded.db,
          passwordLogin("oldtimer", "Player123"),
          { ...rules, passwordExpiry: false },
          context(),
          policy,
        )
      ).kind,
    ).toBe("session");
  });

  test("50 wrong passwords in a row: captcha after 3, then a time-boxed lock the owner outlives", async () => {
    const start = at("2026-11-21T10:00:00Z");
    const codes: string[] = [];
    const captchaFlags: boolean[] = [];
    for (let attempt = 0; attempt < 50; attempt++) {
      const error = await platformError(
        login(
          seeded.db,
          passwordLogin("player01", `Wrong${attempt}x`),
          rules,
          context(),
          policy,
          new Date(start.getTime() + attempt * 1000),
        ),
      );
      codes.push(error.code);
      captchaFlags.push(Boolean(error.details.captcha));
    }
    expect(codes.slice(0, 3)).toEqual(["login_failed", "login_failed", "login_failed"]);
    expect(captchaFlags[2]).toBe(true);
    expect(captchaFlags[1]).toBe(false);
    // Without a captcha answer nothing more is even tried; then the lock.
    expect(codes[3]).toBe("captcha_required");
    expect(codes.at(-1)).toBe("captcha_required");

    // An attacker who solves captchas still hits the lock after 10 failures.
    const later = new Date(start.getTime() + 60_000);
    let error: PlatformError | undefined;
    for (let attempt = 0; attempt < 12 && error?.code !== "account_locked"; attempt++) {
      const captcha = await issueCaptcha(seeded.db, policy, later, "K7PQ2");
      error = await platformError(
        login(
          seeded.db,
          passwordLogin("player01", "Wrong!", { captchaId: captcha.id, captcha: "k7pq2" }),
          rules,
          context(),
          policy,
          later,
        ),
      );
    }
    expect(error?.code).toBe("account_locked");
    // Locked: even the right password is refused…
    expect(
      (
        await platformError(
          login(seeded.db, passwordLogin("player01", "Player123"), rules, context(), policy, later),
        )
      ).code,
    ).toBe("account_locked");
    // …until the lock runs out.
    const afterLock = new Date(later.getTime() + policy.lockMs + 1000);
    expect(
      (
        await login(
          seeded.db,
          passwordLogin("player01", "Player123"),
          rules,
          context(),
          policy,
          afterLock,
        )
      ).kind,
    ).toBe("session");
  });

  test("one IP failing on many accounts is blocked", async () => {
    const ip = { ip: "198.51.100.77", userAgent: "bot" };
    const start = at("2026-11-21T11:00:00Z");
    let last: PlatformError | undefined;
    for (let attempt = 0; attempt < policy.ipBlockAfter + 2; attempt++) {
      const captcha = await issueCaptcha(seeded.db, policy, start, "ZZ9AB");
      last = await platformError(
        login(
          seeded.db,
          passwordLogin(`nobody${attempt}`, "Wrong123", {
            captchaId: captcha.id,
            captcha: "ZZ9AB",
          }),
          rules,
          ip,
          policy,
          start,
        ),
      );
    }
    expect(last?.code).toBe("ip_blocked");
    const failures = await seeded.db
      .selectFrom("audit_log")
      .select(["detail", "user_agent"])
      .where("event", "=", "login_failed")
      .where("ip", "=", ip.ip)
      .orderBy("id")
      .execute();
    expect(failures.length).toBeGreaterThanOrEqual(policy.ipBlockAfter);
    // The audit log never holds a password.
    expect(JSON.stringify(failures)).not.toContain("Wrong123");
  });
});

describe("captcha", () => {
  test("one answer per captcha, case-insensitive, and a refresh at most once a second", async () => {
    const now = at("2026-11-21T09:00:00Z");
    const captcha = await issueCaptcha(seeded.db, policy, now, "AB3CD");
    expect(captcha.image).toMatch(/^data:image\/png;base64,/);
    expect(
      await refreshCaptcha(seeded.db, captcha.id, policy, new Date(now.getTime() + 500)),
    ).toEqual(captcha);
    const next = await refreshCaptcha(
      seeded.db,
      captcha.id,
      policy,
      new Date(now.getTime() + 1000),
    );
    expect(next.id).not.toBe(captcha.id);
    expect(await solveCaptcha(seeded.db, captcha.id, "ab3cd", now)).toBe(true);
    expect(await solveCaptcha(seeded.db, captcha.id, "AB3CD", now)).toBe(false);
    expect(await solveCaptcha(seeded.db, next.id, "WRONG", now)).toBe(false);
    const expired = await issueCaptcha(seeded.db, policy, at("2020-01-01T00:00:00Z"), "EEEEE");
    expect(await solveCaptcha(seeded.db, expired.id, "EEEEE", now)).toBe(false);
  });
});

describe("once-per-second throttle (favourites, SMS button, captcha)", () => {
  test("a second hit within the interval is refused, the next second passes", async () => {
    const now = at("2026-11-21T09:30:00Z");
    expect(await hitOncePer(seeded.db, "fav:1", 1000, now)).toBe(true);
    expect(await hitOncePer(seeded.db, "fav:1", 1000, new Date(now.getTime() + 999))).toBe(false);
    expect(await hitOncePer(seeded.db, "fav:2", 1000, new Date(now.getTime() + 999))).toBe(true);
    expect(await hitOncePer(seeded.db, "fav:1", 1000, new Date(now.getTime() + 1000))).toBe(true);
    // Two at once: exactly one passes.
    const later = new Date(now.getTime() + 5000);
    const results = await Promise.all([
      hitOncePer(seeded.db, "fav:1", 1000, later),
      hitOncePer(seeded.db, "fav:1", 1000, later),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe("verification codes", () => {
  const target = { channel: "sms" as const, dialingCode: "92", mobile: "3009990001" };

  test("sent to the outbox, hashed, countdown enforced, repeats within a second ignored", async () => {
    const now = at("2026-11-21T13:00:00Z");
    const sent = await requestCode(
      seeded.db,
      senders(),
      { purpose: "register", target },
      context(),
      policy,
      now,
    );
    expect(sent).toMatchObject({
      status: "sent",
      expiredMinutes: policy.smsCodeMinutes,
      retryAfterSeconds: policy.smsCodeMinutes * 60,
    });
    const message = await latestOutboxMessage(seeded.db, "+923009990001");
    const code = /\b(\d{6})\b/.exec(message!.body)![1]!;
    const stored = await seeded.db
      .selectFrom("verification_codes")
      .selectAll()
      .where("target", "=", "+923009990001")
      .execute();
    expect(JSON.stringify(stored)).not.toContain(code);

    const repeat = await requestCode(
      seeded.db,
      senders(),
      { purpose: "register", target },
      context(),
      policy,
      new Date(now.getTime() + 400),
    );
    expect(repeat.status).toBe("ignored");
    const early = await platformError(
      requestCode(
        seeded.db,
        senders(),
        { purpose: "register", target },
        context(),
        policy,
        new Date(now.getTime() + 30_000),
      ),
    );
    expect(early.code).toBe("sms_countdown");
    expect(early.details.retryAfterSeconds).toBe(policy.smsCodeMinutes * 60 - 30);

    expect(
      (
        await platformError(
          consumeCode(
            seeded.db,
            { purpose: "register", target, code: "000000" === code ? "111111" : "000000" },
            policy,
            now,
          ),
        )
      ).code,
    ).toBe("invalid-verification-code");
    expect(
      (await platformError(consumeCode(seeded.db, { purpose: "login", target, code }, policy, now)))
        .code,
    ).toBe("code-expired");
    await consumeCode(seeded.db, { purpose: "register", target, code }, policy, now);
    expect(
      (
        await platformError(
          consumeCode(seeded.db, { purpose: "register", target, code }, policy, now),
        )
      ).code,
    ).toBe("code-expired");
  });

  test("a code expires, and dies after the allowed wrong attempts", async () => {
    const other = { channel: "sms" as const, dialingCode: "92", mobile: "3009990002" };
    const now = at("2026-11-21T14:00:00Z");
    await requestCode(
      seeded.db,
      senders(),
      { purpose: "reset", target: other },
      context(),
      policy,
      now,
    );
    const code = /\b(\d{6})\b/.exec(
      (await latestOutboxMessage(seeded.db, "+923009990002"))!.body,
    )![1]!;
    const wrong = code === "123123" ? "321321" : "123123";
    for (let attempt = 0; attempt < policy.codeMaxAttempts; attempt++) {
      expect(
        (
          await platformError(
            consumeCode(seeded.db, { purpose: "reset", target: other, code: wrong }, policy, now),
          )
        ).code,
      ).toBe("invalid-verification-code");
    }
    expect(
      (
        await platformError(
          consumeCode(seeded.db, { purpose: "reset", target: other, code }, policy, now),
        )
      ).code,
    ).toBe("code-expired");

    const later = new Date(now.getTime() + policy.smsCodeMinutes * 60_000);
    await requestCode(
      seeded.db,
      senders(),
      { purpose: "reset", target: other },
      context(),
      policy,
      later,
    );
    const fresh = /\b(\d{6})\b/.exec(
      (await latestOutboxMessage(seeded.db, "+923009990002"))!.body,
    )![1]!;
    const tooLate = new Date(later.getTime() + policy.smsCodeMinutes * 60_000 + 1);
    expect(
      (
        await platformError(
          consumeCode(seeded.db, { purpose: "reset", target: other, code: fresh }, policy, tooLate),
        )
      ).code,
    ).toBe("code-expired");
  });

  test("one IP may ask for a bounded number of codes an hour (SMS pumping)", async () => {
    const client = context();
    const now = at("2026-11-21T15:00:00Z");
    let error: PlatformError | undefined;
    for (let n = 0; n <= policy.codesPerIpPerHour && !error; n++) {
      const target = {
        channel: "sms" as const,
        dialingCode: "92",
        mobile: `30088800${String(n).padStart(2, "0")}`,
      };
      try {
        await requestCode(
          seeded.db,
          senders(),
          { purpose: "register", target },
          client,
          policy,
          now,
        );
      } catch (caught) {
        error = caught as PlatformError;
      }
    }
    expect(error?.code).toBe("too-many-requests");
  });

  test("a phone reset signs in with the new password", async () => {
    const target = { channel: "sms" as const, dialingCode: "92", mobile: "3001234567" };
    await requestCode(seeded.db, senders(), { purpose: "reset", target }, context(), policy);
    const code = /\b(\d{6})\b/.exec(
      (await latestOutboxMessage(seeded.db, "+923001234567"))!.body,
    )![1]!;
    const done = await resetByPhoneAndSignIn(
      seeded.db,
      { dialingCode: "92", mobile: "3001234567", code, newPassword: "Player456" },
      rules,
      context(),
      policy,
    );
    expect(done.outcome).toMatchObject({ kind: "session", member: { account: "player01" } });
    expect(
      (await login(seeded.db, passwordLogin("player01", "Player456"), rules, context(), policy))
        .kind,
    ).toBe("session");
  });
});

describe("registration and trial accounts", () => {
  test("a member is registered under the agent of the affiliate code; names are unique", async () => {
    const member = await registerMember(
      seeded.db,
      {
        mode: "username",
        account: "freshface",
        password: "Fresh123",
        affiliateCode: "lucky1",
        profile: {},
      },
      { ...sets, mobileVerification: false },
      context(),
      policy,
    );
    const agent = await findMemberByAccount(seeded.db, "agent01");
    expect(member.parent_id).toBe(agent!.id);
    expect(await verifyPassword("Fresh123", member.password_hash)).toBe(true);
    const again = await platformError(
      registerMember(
        seeded.db,
        { mode: "username", account: "FreshFace", password: "Fresh123", profile: {} },
        { ...sets, mobileVerification: false },
        context(),
        policy,
      ),
    );
    expect(again.code).toBe("account_taken");
    const badCode = await platformError(
      registerMember(
        seeded.db,
        {
          mode: "username",
          account: "other1",
          password: "Fresh123",
          affiliateCode: "NOPE",
          profile: {},
        },
        { ...sets, mobileVerification: false },
        context(),
        policy,
      ),
    );
    expect(badCode.code).toBe("invitation_code_error");
  });

  test("a trial account is type 4 with demo credit, and limited per IP", async () => {
    const client = context();
    const trial = await createTrialAccount(seeded.db, sets, client, policy);
    expect(trial.type).toBe(4);
    expect(trial.demo_credit).toBe(String(policy.freePlayCredit));
    for (let n = 1; n < policy.trialsPerIpPerHour; n++)
      await createTrialAccount(seeded.db, sets, client, policy);
    expect((await platformError(createTrialAccount(seeded.db, sets, client, policy))).code).toBe(
      "too-many-requests",
    );
  });
});
