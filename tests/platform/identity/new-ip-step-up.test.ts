import { generateTOTP } from "@epic-web/totp";
import { describe, expect, test, vi } from "vitest";
import type { AuditContext } from "~/platform/audit/audit.server";
import { PlatformError } from "~/platform/errors";
import { confirmEnrolment, startEnrolment, TOTP } from "~/platform/identity/authenticator.server";
import { isKnownSignIn, recordKnownSignIn } from "~/platform/identity/known-sign-ins.server";
import { login, type LoginRules } from "~/platform/identity/login.server";
import {
  completeStepUp,
  normaliseHolderName,
  sendStepUpCode,
  STEP_UP_LIMIT,
  type StepUpMethod,
} from "~/platform/identity/new-ip-step-up.server";
import {
  latestOutboxMessage,
  outboxMailSender,
  outboxSmsSender,
} from "~/platform/identity/outbox.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { hashPassword } from "~/platform/identity/secrets.server";
import { useSeededDatabase } from "../../helpers/database";

/** The spec's step-up from an unregistered IP (ADR 37), on PGlite (PostgreSQL in CI). */
const seeded = useSeededDatabase();
const policy = identityPolicy();
const ALL: StepUpMethod[] = ["sms", "email", "payee_name", "authenticator"];
const rules: LoginRules = {
  agentTypes: [1, 2, 41, 42],
  trialTypes: [4],
  passwordExpiry: false,
  security: { newIpStepUp: { enabled: true, methods: ALL } },
};
const HOME = { ip: "203.0.113.10", userAgent: "vitest" };
const AWAY = { ip: "198.51.100.23", userAgent: "vitest" };
let counter = 0;

async function newMember(
  options: { mobile?: boolean; email?: boolean; payee?: string; known?: string } = {},
) {
  const n = ++counter;
  const account = `stepup${Date.now().toString(36)}${n}`;
  const row = await seeded.db
    .insertInto("members")
    .values({
      account,
      nickname: null,
      type: 0,
      password_hash: await hashPassword("Secret123"),
      password_changed_at: new Date(),
      profile: "{}",
      dialing_code: options.mobile ? "92" : null,
      mobile: options.mobile
        ? `3${String(Date.now()).slice(-6)}${String(n).padStart(3, "0")}`
        : null,
      email: options.email ? `${account}@example.com` : null,
    })
    .returning(["id", "account", "mobile", "dialing_code", "email"])
    .executeTakeFirstOrThrow();
  if (options.payee) {
    await seeded.db
      .insertInto("payee_accounts")
      .values({
        member_id: row.id,
        kind: "bank",
        provider: "HBL",
        holder_name: options.payee,
        account_number: "sealed-in-production",
      })
      .execute();
  }
  if (options.known !== undefined)
    await recordKnownSignIn(seeded.db, row.id, { ip: options.known });
  return row;
}

const signIn = (account: string, context: AuditContext = AWAY, deviceId: string | null = null) =>
  login(
    seeded.db,
    {
      method: "password",
      account,
      password: "Secret123",
      site: "member",
      remember: false,
      deviceId,
    },
    rules,
    context,
    policy,
  );

async function stepped(account: string, context: AuditContext = AWAY) {
  const outcome = await signIn(account, context);
  if (outcome.kind !== "step-up") throw new Error(`expected step-up, got ${outcome.kind}`);
  return outcome;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PlatformError) return error.code;
    throw error;
  }
  throw new Error("expected a PlatformError");
}

const audited = async (memberId: string, event: string) =>
  (
    await seeded.db
      .selectFrom("audit_log")
      .select("event")
      .where("member_id", "=", memberId)
      .where("event", "=", event as never)
      .orderBy("id")
      .execute()
  ).length;

async function nextCode(secret: string) {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + TOTP.period * 1000 });
  try {
    return (await generateTOTP({ ...TOTP, secret })).otp;
  } finally {
    vi.useRealTimers();
  }
}

const senders = () => ({
  sms: outboxSmsSender(seeded.db, { readable: true }),
  mail: outboxMailSender(seeded.db, { readable: true }),
});

describe("new-IP step-up (ADR 37)", () => {
  test("an unknown IP and device steps up before any session, offering the member's methods", async () => {
    const member = await newMember({ mobile: true, payee: "Ali Khan", known: HOME.ip });
    const outcome = await stepped(member.account);
    expect(outcome.methods).toEqual(["sms", "payee_name"]);
    const sessions = await seeded.db
      .selectFrom("sessions")
      .select("member_id")
      .where("member_id", "=", member.id)
      .execute();
    expect(sessions).toHaveLength(0);
    expect(await audited(member.id, "login_new_ip")).toBe(1);
  });

  test("a known IP, or a known device cookie from a new IP, signs in with one step", async () => {
    const member = await newMember({ mobile: true, known: HOME.ip });
    expect((await signIn(member.account, HOME)).kind).toBe("session");
    await recordKnownSignIn(seeded.db, member.id, {
      ip: null,
      deviceId: "device-known-0123456789abcdef0123456",
    });
    const outcome = await signIn(member.account, AWAY, "device-known-0123456789abcdef0123456");
    expect(outcome.kind).toBe("session");
    // That sign-in recorded the new IP as well.
    expect(await isKnownSignIn(seeded.db, member.id, AWAY.ip, null)).toBe(true);
  });

  test("an unknown (null) IP is never stepped up", async () => {
    const member = await newMember({ mobile: true });
    expect((await signIn(member.account, { ip: null, userAgent: "vitest" })).kind).toBe("session");
  });

  test("the rule off: no step", async () => {
    const member = await newMember({ mobile: true });
    const outcome = await login(
      seeded.db,
      {
        method: "password",
        account: member.account,
        password: "Secret123",
        site: "member",
        remember: false,
      },
      { ...rules, security: { newIpStepUp: { enabled: false, methods: ALL } } },
      AWAY,
      policy,
    );
    expect(outcome.kind).toBe("session");
  });

  test("a member with no method passes without a step, and is told", async () => {
    const member = await newMember();
    expect((await signIn(member.account)).kind).toBe("session");
    const messages = await seeded.db
      .selectFrom("member_messages")
      .select(["kind", "params"])
      .where("member_id", "=", member.id)
      .execute();
    expect(messages.map((m) => m.kind)).toEqual(["new_sign_in"]);
  });

  test("an SMS code to the bound mobile passes: the IP and device are recorded, the member is told", async () => {
    const member = await newMember({ mobile: true });
    const { ticket } = await stepped(member.account);
    await sendStepUpCode(
      seeded.db,
      senders(),
      { ticket, site: "member", method: "sms" },
      AWAY,
      policy,
    );
    const sms = await latestOutboxMessage(seeded.db, `+${member.dialing_code}${member.mobile}`);
    const code = /(\d{6})/.exec(sms?.body ?? "")?.[1] ?? "";
    const done = await completeStepUp(
      seeded.db,
      {
        ticket,
        site: "member",
        method: "sms",
        answer: code,
        deviceId: "device-new-0123456789abcdef012345678",
      },
      AWAY,
      policy,
    );
    expect(done.kind).toBe("session");
    expect(await isKnownSignIn(seeded.db, member.id, AWAY.ip, null)).toBe(true);
    expect(
      await isKnownSignIn(seeded.db, member.id, null, "device-new-0123456789abcdef012345678"),
    ).toBe(true);
    const message = await seeded.db
      .selectFrom("member_messages")
      .select(["kind", "params"])
      .where("member_id", "=", member.id)
      .executeTakeFirstOrThrow();
    expect(message.kind).toBe("new_sign_in");
    expect(message.params).toMatchObject({ ip: AWAY.ip });
    expect(await audited(member.id, "step_up_passed")).toBe(1);
    // The ticket is single use.
    expect(
      await refusal(
        completeStepUp(
          seeded.db,
          { ticket, site: "member", method: "sms", answer: code },
          AWAY,
          policy,
        ),
      ),
    ).toBe("step_up_expired");
    // And the next sign-in from there is one step.
    expect((await signIn(member.account)).kind).toBe("session");
  });

  test("an e-mail code passes", async () => {
    const member = await newMember({ email: true });
    const { ticket, methods } = await stepped(member.account);
    expect(methods).toEqual(["email"]);
    await sendStepUpCode(
      seeded.db,
      senders(),
      { ticket, site: "member", method: "email" },
      AWAY,
      policy,
    );
    const mail = await latestOutboxMessage(seeded.db, member.email!);
    const code = /(\d{6})/.exec(mail?.body ?? "")?.[1] ?? "";
    const done = await completeStepUp(
      seeded.db,
      { ticket, site: "member", method: "email", answer: code },
      AWAY,
      policy,
    );
    expect(done.kind).toBe("session");
  });

  test("the payee holder name passes, compared without case and spaces", async () => {
    expect(normaliseHolderName("  Ali   KHAN ")).toBe(normaliseHolderName("alikhan"));
    const member = await newMember({ payee: "Ali Khan" });
    const { ticket } = await stepped(member.account);
    const done = await completeStepUp(
      seeded.db,
      { ticket, site: "member", method: "payee_name", answer: " ALI  khan" },
      AWAY,
      policy,
    );
    expect(done.kind).toBe("session");
  });

  test("an authenticator code passes and stands for the second factor", async () => {
    const member = await newMember();
    const { secret } = await startEnrolment(seeded.db, member, "Brand");
    await confirmEnrolment(seeded.db, member, (await generateTOTP({ ...TOTP, secret })).otp, HOME);
    const { ticket, methods } = await stepped(member.account);
    expect(methods).toEqual(["authenticator"]);
    // The next step's code (the confirming one is used up; the window takes one step either side).
    const done = await completeStepUp(
      seeded.db,
      { ticket, site: "member", method: "authenticator", answer: await nextCode(secret) },
      AWAY,
      policy,
    );
    expect(done.kind).toBe("session");
  });

  test("a member with an authenticator who steps up by SMS still gives the code after", async () => {
    const member = await newMember({ mobile: true });
    const { secret } = await startEnrolment(seeded.db, member, "Brand");
    await confirmEnrolment(seeded.db, member, (await generateTOTP({ ...TOTP, secret })).otp, HOME);
    const { ticket } = await stepped(member.account);
    await sendStepUpCode(
      seeded.db,
      senders(),
      { ticket, site: "member", method: "sms" },
      AWAY,
      policy,
    );
    const sms = await latestOutboxMessage(seeded.db, `+${member.dialing_code}${member.mobile}`);
    const code = /(\d{6})/.exec(sms?.body ?? "")?.[1] ?? "";
    const done = await completeStepUp(
      seeded.db,
      { ticket, site: "member", method: "sms", answer: code },
      AWAY,
      policy,
    );
    expect(done.kind).toBe("second-factor");
  });

  test("wrong answers are throttled: at most the limit of 50 parallel ones are compared, then the ticket is void", async () => {
    const member = await newMember({ payee: "Ali Khan" });
    const { ticket } = await stepped(member.account);
    const codes = await Promise.all(
      Array.from({ length: 50 }, () =>
        refusal(
          completeStepUp(
            seeded.db,
            { ticket, site: "member", method: "payee_name", answer: "Someone Else" },
            AWAY,
            policy,
          ),
        ),
      ),
    );
    expect(codes.filter((code) => code === "step_up_payee_wrong").length).toBeLessThan(
      STEP_UP_LIMIT,
    );
    expect(codes.filter((code) => code !== "step_up_payee_wrong").length).toBeGreaterThan(0);
    expect(await audited(member.id, "step_up_failed")).toBeLessThanOrEqual(STEP_UP_LIMIT);
    // Even the right name no longer passes on that ticket.
    expect(
      await refusal(
        completeStepUp(
          seeded.db,
          { ticket, site: "member", method: "payee_name", answer: "Ali Khan" },
          AWAY,
          policy,
        ),
      ),
    ).toMatch(/step_up_(expired|locked)/);
  });

  test("the agent site steps up too; the back office never does", async () => {
    const member = await newMember({ mobile: true });
    await seeded.db.updateTable("members").set({ type: 1 }).where("id", "=", member.id).execute();
    const outcome = await login(
      seeded.db,
      {
        method: "password",
        account: member.account,
        password: "Secret123",
        site: "agent",
        remember: false,
      },
      rules,
      AWAY,
      policy,
    );
    expect(outcome.kind).toBe("step-up");
  });

  test("the demo accounts count the loopback addresses as known", async () => {
    const player = await seeded.db
      .selectFrom("members")
      .select("id")
      .where("account", "=", "player01")
      .executeTakeFirstOrThrow();
    for (const ip of ["127.0.0.1", "::1", "::ffff:127.0.0.1"])
      expect(await isKnownSignIn(seeded.db, player.id, ip, null)).toBe(true);
    expect(await isKnownSignIn(seeded.db, player.id, AWAY.ip, null)).toBe(false);
  });

  test("a method the member does not have is refused", async () => {
    const member = await newMember({ payee: "Ali Khan" });
    const { ticket } = await stepped(member.account);
    expect(
      await refusal(
        sendStepUpCode(
          seeded.db,
          senders(),
          { ticket, site: "member", method: "sms" },
          AWAY,
          policy,
        ),
      ),
    ).toBe("step_up_method_unavailable");
  });
});
