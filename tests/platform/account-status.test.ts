import { describe, expect, test } from "vitest";
import { PlatformError } from "~/platform/errors";
import { login, type LoginInput } from "~/platform/identity/login.server";
import { OPERATOR_TYPE } from "~/platform/identity/member-types";
import { completePasswordChange } from "~/platform/identity/password-reset.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { hashPassword } from "~/platform/identity/secrets.server";
import { createSession, readSession } from "~/platform/identity/sessions.server";
import {
  reactivatePlayer,
  requirePasswordReset,
  signOutPlayer,
  suspendPlayer,
} from "~/platform/players/account-status.server";
import { auditEntries } from "../helpers/audit";
import { useSeededDatabase } from "../helpers/database";
import { insertMember } from "../helpers/wallet";
import { operatorId } from "../helpers/withdrawals";

/**
 * Suspension, reactivation and a sign-out everywhere on a real database: the
 * member's sessions end, sign-in tells only someone with the right password
 * why, each act is audited with who, before and after, and the acts refuse
 * a state they do not apply to.
 */

const seeded = useSeededDatabase();
const policy = identityPolicy();
const rules = { agentTypes: [1, 2, 41, 42], trialTypes: [4], passwordExpiry: false };
const PASSWORD = "Suspend123";
let ipCounter = 0;
const context = () => ({ ip: `198.51.100.${++ipCounter}`, userAgent: "vitest" });

const passwordLogin = (account: string, password: string): LoginInput =>
  ({ method: "password", account, password, site: "member", remember: false }) as LoginInput;

async function refusal(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PlatformError) return error;
    throw error;
  }
  throw new Error("expected a PlatformError");
}

async function memberWithPassword() {
  const db = seeded.db;
  const id = await insertMember(db);
  await db
    .updateTable("members")
    .set({ password_hash: await hashPassword(PASSWORD) })
    .where("id", "=", id)
    .execute();
  const { account } = await db
    .selectFrom("members")
    .select("account")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { id, account };
}

async function staffAct() {
  return {
    operatorId: await operatorId(seeded.db),
    context: { ip: "192.0.2.9", userAgent: "vitest", staff: { id: "0", role: "compliance" } },
  };
}

const sessionOf = (memberId: string) =>
  createSession(
    seeded.db,
    { memberId, site: "member", remember: false, ip: null, userAgent: null },
    policy,
  );

const auditOf = (memberId: string, event: string) => auditEntries(seeded.db, memberId, event);

describe("account status", () => {
  test("a suspension ends every session; sign-in names the reason to the right password only", async () => {
    const db = seeded.db;
    const member = await memberWithPassword();
    const phone = await sessionOf(member.id);
    const laptop = await sessionOf(member.id);
    const act = await staffAct();

    const ended = await suspendPlayer(
      db,
      { memberId: member.id, reason: "payment_dispute", note: "chargeback on deposit 12" },
      act,
    );
    expect(ended).toBe(2);
    expect(await readSession(db, phone.token, policy)).toBeNull();
    expect(await readSession(db, laptop.token, policy)).toBeNull();

    const suspended = await refusal(
      login(db, passwordLogin(member.account, PASSWORD), rules, context(), policy),
    );
    expect(suspended.code).toBe("account_suspended");
    expect(suspended.details).toMatchObject({ reason: "payment_dispute" });
    // Without the password nothing says the account exists, let alone why it is suspended.
    const wrong = await refusal(
      login(db, passwordLogin(member.account, "Wrong1234"), rules, context(), policy),
    );
    expect(wrong.code).toBe("login_failed");

    const [entry] = await auditOf(member.id, "player_suspended");
    expect(entry).toMatchObject({
      staff_id: act.context.staff.id,
      staff_role: "compliance",
      target_type: "member",
      target_id: member.id,
      before: { status: "active" },
      after: { status: "suspended", reason: "payment_dispute" },
    });
    expect(entry!.detail).toMatchObject({ note: "chargeback on deposit 12", sessionsEnded: 2 });
  });

  test("a suspended account is not suspended twice; reactivation lets it sign in again", async () => {
    const db = seeded.db;
    const member = await memberWithPassword();
    const act = await staffAct();
    await suspendPlayer(db, { memberId: member.id, reason: "security", note: "" }, act);
    expect(
      (
        await refusal(
          suspendPlayer(db, { memberId: member.id, reason: "terms_breach", note: "" }, act),
        )
      ).code,
    ).toBe("player_not_active");

    await reactivatePlayer(db, { memberId: member.id, note: "owner verified by phone" }, act);
    const row = await db
      .selectFrom("members")
      .select(["status", "status_reason", "status_note"])
      .where("id", "=", member.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "active", status_reason: null, status_note: null });
    const outcome = await login(
      db,
      passwordLogin(member.account, PASSWORD),
      rules,
      context(),
      policy,
    );
    // The new IP's extra proof is not this test's concern: anything but a refusal (which throws).
    expect(["session", "step-up"]).toContain(outcome.kind);
    const [entry] = await auditOf(member.id, "player_reactivated");
    expect(entry).toMatchObject({
      before: { status: "suspended", reason: "security" },
      after: { status: "active" },
    });
    expect((await refusal(reactivatePlayer(db, { memberId: member.id, note: "" }, act))).code).toBe(
      "player_not_suspended",
    );
  });

  test("the database refuses a suspension without its reason", async () => {
    const member = await memberWithPassword();
    await expect(
      seeded.db
        .updateTable("members")
        .set({ status: "suspended" })
        .where("id", "=", member.id)
        .execute(),
    ).rejects.toThrow(/members_suspension_reason/);
  });

  test("a sign-out everywhere ends each session and is audited; staff accounts are not players", async () => {
    const db = seeded.db;
    const member = await memberWithPassword();
    const session = await sessionOf(member.id);
    const act = await staffAct();
    expect(await signOutPlayer(db, member.id, act)).toBe(1);
    expect(await readSession(db, session.token, policy)).toBeNull();
    expect(await signOutPlayer(db, member.id, act)).toBe(0);
    const entries = await auditOf(member.id, "player_signed_out");
    expect(entries.map((entry) => entry.detail)).toEqual([
      { sessionsEnded: 1 },
      { sessionsEnded: 0 },
    ]);

    const staff = await insertMember(db, { type: OPERATOR_TYPE });
    // One at a time: each call is started only when the one before has been refused.
    for (const attempt of [
      () => signOutPlayer(db, staff, act),
      () => suspendPlayer(db, { memberId: staff, reason: "security", note: "" }, act),
      () => signOutPlayer(db, "not-an-id", act),
    ])
      expect((await refusal(attempt())).code).toBe("player_not_found");
  });

  test("a required new password: sessions end, every sign-in asks for the change until one is chosen; asked once", async () => {
    const member = await memberWithPassword();
    const session = await sessionOf(member.id);
    const act = await staffAct();
    expect(await requirePasswordReset(seeded.db, member.id, act)).toBe(1);
    expect(await readSession(seeded.db, session.token, policy)).toBeNull();
    expect((await refusal(requirePasswordReset(seeded.db, member.id, act))).code).toBe(
      "player_reset_pending",
    );

    const outcome = await login(
      seeded.db,
      passwordLogin(member.account, PASSWORD),
      rules,
      context(),
      policy,
    );
    if (outcome.kind !== "change-password") throw new Error(`got ${outcome.kind}`);
    expect(outcome.reason).toBe("staff_request");
    await completePasswordChange(
      seeded.db,
      { ticket: outcome.ticket, newPassword: "Chosen2026!" },
      rules,
      context(),
      policy,
    );
    const after = await login(
      seeded.db,
      passwordLogin(member.account, "Chosen2026!"),
      rules,
      context(),
      policy,
    );
    expect(after.kind).toBe("session");
    // Answered, it may be asked again (ending the two sessions the change and the sign-in opened).
    expect(await requirePasswordReset(seeded.db, member.id, act)).toBe(2);
    const [audited] = await auditOf(member.id, "player_password_reset_required");
    expect(audited).toMatchObject({
      before: { passwordResetRequired: false },
      after: { passwordResetRequired: true },
    });
  });
});
