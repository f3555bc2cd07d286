import { describe, expect, test } from "vitest";
import { requestCode } from "~/platform/identity/codes.server";
import { OPERATOR_TYPE } from "~/platform/identity/member-types";
import {
  completeStepUp,
  sendStepUpCode,
  STEP_UP_METHODS,
} from "~/platform/identity/new-ip-step-up.server";
import {
  latestOutboxMessage,
  outboxMailSender,
  outboxSmsSender,
} from "~/platform/identity/outbox.server";
import { requestPasswordResetEmail } from "~/platform/identity/password-change.server";
import {
  completePasswordChange,
  resetByPhoneAndSignIn,
} from "~/platform/identity/password-reset.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { completeSecondFactor } from "~/platform/identity/second-factor-login.server";
import { readSession } from "~/platform/identity/sessions.server";
import { authenticatorCodeNow, enrolTestAuthenticator } from "../../helpers/authenticator";
import { useSeededDatabase } from "../../helpers/database";
import { freshContext, LOGIN_RULES, memberWithPassword, putOnBreak } from "../../helpers/identity";
import { codeOf } from "../../helpers/play";

/**
 * A password reset signs the member in, but proves one channel only: it passes every check a
 * sign-in makes — the authenticator, a break, the site its role may use, and the step-up from
 * an unknown place (never by the channel that proved the reset).
 */
const seeded = useSeededDatabase();
const policy = identityPolicy();
const rules = LOGIN_RULES;
const steppedUp = {
  ...LOGIN_RULES,
  security: { newIpStepUp: { enabled: true, methods: [...STEP_UP_METHODS] } },
};
const senders = () => ({ sms: outboxSmsSender(seeded.db), mail: outboxMailSender(seeded.db) });
let mobileCounter = 0;
const newMobile = () => `3005${String(Date.now() % 100_000).padStart(5, "0")}${++mobileCounter}`;

/** A member with a mobile and an e-mail, and the reset code the phone received. */
async function phoneReset(options: { type?: number } = {}) {
  const mobile = newMobile();
  const member = await memberWithPassword(seeded.db, {
    ...options,
    mobile,
    email: `reset${mobile}@example.com`,
  });
  const target = { channel: "sms" as const, dialingCode: "92", mobile };
  await requestCode(seeded.db, senders(), { purpose: "reset", target }, freshContext(), policy);
  const code = /\b(\d{6})\b/.exec(
    (await latestOutboxMessage(seeded.db, `+92${mobile}`))!.body,
  )![1]!;
  const reset = (ruleSet = rules, context = freshContext()) =>
    resetByPhoneAndSignIn(
      seeded.db,
      { dialingCode: "92", mobile, code, newPassword: "Renewed2026" },
      ruleSet,
      context,
      policy,
    );
  return { member, reset };
}

describe("a reset by phone", () => {
  test("asks for the authenticator code before any session, then signs in", async () => {
    const { member, reset } = await phoneReset();
    await enrolTestAuthenticator(seeded.db, member.id);
    const done = await reset();
    if (done.outcome.kind !== "second-factor") throw new Error(`got ${done.outcome.kind}`);
    const sessions = await seeded.db
      .selectFrom("sessions")
      .select("id")
      .where("member_id", "=", member.id)
      .execute();
    expect(sessions).toHaveLength(0);
    const signedIn = await completeSecondFactor(
      seeded.db,
      { ticket: done.outcome.ticket, code: await authenticatorCodeNow(), site: "member" },
      freshContext(),
      policy,
    );
    expect(signedIn.kind).toBe("session");
  });

  test("of a self-excluded member opens the cash-out page only; a time-out is refused", async () => {
    const excluded = await phoneReset();
    await putOnBreak(seeded.db, excluded.member.id, "exclusion");
    const done = await excluded.reset();
    if (done.outcome.kind !== "session") throw new Error(`got ${done.outcome.kind}`);
    expect(done.outcome.session.site).toBe("cash_out");

    const resting = await phoneReset();
    await putOnBreak(seeded.db, resting.member.id, "time_out");
    expect(await codeOf(resting.reset())).toBe("break_time_out");
  });

  test("of an operator's number opens no portal session", async () => {
    const { reset } = await phoneReset({ type: OPERATOR_TYPE });
    expect(await codeOf(reset())).toBe("non_member_login");
  });

  test("from an unknown place steps up, never by SMS again; a self-excluded member's step ends on the cash-out page", async () => {
    const { member, reset } = await phoneReset();
    await putOnBreak(seeded.db, member.id, "exclusion");
    const context = freshContext();
    const done = await reset(steppedUp, context);
    if (done.outcome.kind !== "step-up") throw new Error(`got ${done.outcome.kind}`);
    expect(done.outcome.methods).toEqual(["email"]);
    const email = (
      await seeded.db
        .selectFrom("members")
        .select("email")
        .where("id", "=", member.id)
        .executeTakeFirstOrThrow()
    ).email!;
    await sendStepUpCode(
      seeded.db,
      senders(),
      { ticket: done.outcome.ticket, site: "member", method: "email" },
      context,
      policy,
    );
    const code = /\b(\d{6})\b/.exec((await latestOutboxMessage(seeded.db, email))!.body)![1]!;
    const passed = await completeStepUp(
      seeded.db,
      { ticket: done.outcome.ticket, site: "member", method: "email", answer: code },
      context,
      policy,
    );
    if (passed.kind !== "session") throw new Error(`got ${passed.kind}`);
    expect(passed.session.site).toBe("cash_out");
    expect(await readSession(seeded.db, passed.session.token, policy)).toMatchObject({
      site: "cash_out",
    });
  });
});

describe("a reset by an e-mailed link", () => {
  async function mailedReset() {
    const mobile = newMobile();
    const email = `mailed${mobile}@example.com`;
    const member = await memberWithPassword(seeded.db, { mobile, email });
    await requestPasswordResetEmail(
      seeded.db,
      senders(),
      { account: member.account, email, resetUrl: (ticket) => `https://portal.test/r?t=${ticket}` },
      freshContext(),
      policy,
    );
    const ticket = /\?t=(\S+)/.exec((await latestOutboxMessage(seeded.db, email))!.body)![1]!;
    return { member, ticket };
  }

  test("asks for the authenticator code, and from an unknown place steps up by anything but e-mail", async () => {
    const enrolled = await mailedReset();
    await enrolTestAuthenticator(seeded.db, enrolled.member.id);
    const first = await completePasswordChange(
      seeded.db,
      { ticket: enrolled.ticket, newPassword: "Renewed2026" },
      rules,
      freshContext(),
      policy,
    );
    expect(first.outcome.kind).toBe("second-factor");

    const plain = await mailedReset();
    const second = await completePasswordChange(
      seeded.db,
      { ticket: plain.ticket, newPassword: "Renewed2026" },
      steppedUp,
      freshContext(),
      policy,
    );
    expect(second.outcome).toMatchObject({ kind: "step-up", methods: ["sms"] });
  });
});
