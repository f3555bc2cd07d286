import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { enrolWithSecret, hasAuthenticator } from "~/platform/identity/authenticator.server";
import {
  completeOperatorSetup,
  isOperatorSetupTokenValid,
} from "~/platform/identity/operator-setup.server";
import { hashToken, verifyPassword } from "~/platform/identity/secrets.server";
import {
  changeStaffRole,
  completeStaffSetup,
  createStaff,
  findStaff,
  listStaff,
  reenrolStaff,
  setStaffDisabled,
  staffSetupAccount,
} from "~/platform/identity/staff-accounts.server";
import { ensureBuiltInRoles, staffMembership } from "~/platform/identity/staff.server";
import { createTestDatabase } from "../../helpers/database";
import { signInMember } from "../../helpers/routes";
import { insertMember } from "../../helpers/wallet";

let handle: DatabaseHandle;
let adminId: string;
const act = () => ({
  operatorId: adminId,
  context: { ip: "203.0.113.9", userAgent: "test", staff: { id: adminId, role: "admin" } },
});
const roleId = async (name: string) =>
  (
    await handle.db
      .selectFrom("staff_roles")
      .select("id")
      .where("name", "=", name)
      .executeTakeFirstOrThrow()
  ).id;
const auditRows = (event: string) =>
  handle.db
    .selectFrom("audit_log")
    .selectAll()
    .where("event", "=", event as never)
    .orderBy("id")
    .execute();
const sessionsOf = async (memberId: string) =>
  (await handle.db.selectFrom("sessions").select("id").where("member_id", "=", memberId).execute())
    .length;

beforeEach(async () => {
  handle = await createTestDatabase();
  await ensureBuiltInRoles(handle.db);
  adminId = await insertMember(handle.db, { type: 9 });
});
afterEach(() => handle.close());

describe("staff accounts", () => {
  test("a new staff account has its role and a one-time link stored as its hash; its owner chooses a password through it, once", async () => {
    const db = handle.db;
    const start = new Date("2026-11-28T10:00:00Z");
    const link = await createStaff(
      db,
      { account: "helper.one", roleId: await roleId("support") },
      act(),
      start,
    );
    expect(link.expiresAt.getTime() - start.getTime()).toBe(30 * 60_000);
    const stored = await db.selectFrom("staff_setup_tokens").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toBe(hashToken(link.token));
    expect(JSON.stringify(stored)).not.toContain(link.token);

    const row = await findStaff(db, link.memberId);
    expect(row).toMatchObject({
      account: "helper.one",
      role: "support",
      disabled: false,
      enrolled: false,
      awaitingPassword: true,
      lastSignInAt: null,
    });
    expect((await staffMembership(db, link.memberId))?.role).toBe("support");
    const [created] = await auditRows("staff_created");
    expect(created).toMatchObject({
      staff_id: adminId,
      staff_role: "admin",
      target_type: "staff",
      target_id: link.memberId,
      after: { account: "helper.one", role: "support", disabled: false },
    });
    expect(JSON.stringify(created)).not.toContain(link.token);

    // A staff link is not a first-operator link, nor the other way round.
    expect(await isOperatorSetupTokenValid(db, link.token, start)).toBe(false);
    await expect(
      completeOperatorSetup(
        db,
        { token: link.token, account: "intruder", password: "Stron9-enough-pass" },
        { ip: null, userAgent: null },
        start,
      ),
    ).rejects.toMatchObject({ code: "setup_link_invalid" });

    const soon = new Date(start.getTime() + 60_000);
    expect(await staffSetupAccount(db, link.token, soon)).toBe("helper.one");
    await expect(
      completeStaffSetup(
        db,
        { token: link.token, password: "short1" },
        { ip: null, userAgent: null },
        soon,
      ),
    ).rejects.toMatchObject({ code: "password_length" });
    await expect(
      completeStaffSetup(
        db,
        { token: link.token, password: "password123" },
        { ip: null, userAgent: null },
        soon,
      ),
    ).rejects.toMatchObject({ code: "password_guessable" });
    // A refusal keeps the link.
    const done = await completeStaffSetup(
      db,
      { token: link.token, password: "Quiet-harbour-71" },
      { ip: null, userAgent: null },
      soon,
    );
    expect(done).toEqual({ memberId: link.memberId, account: "helper.one" });
    const member = await db
      .selectFrom("members")
      .select("password_hash")
      .where("id", "=", link.memberId)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword("Quiet-harbour-71", member.password_hash)).toBe(true);
    expect((await findStaff(db, link.memberId))?.awaitingPassword).toBe(false);
    expect((await auditRows("staff_password_set"))[0]).toMatchObject({
      member_id: link.memberId,
      target_type: "staff",
      target_id: link.memberId,
    });
    await expect(
      completeStaffSetup(
        db,
        { token: link.token, password: "Another-harbour-72" },
        { ip: null, userAgent: null },
        soon,
      ),
    ).rejects.toMatchObject({ code: "setup_link_invalid" });
  });

  test("the account name rule, a taken name and an unknown role refuse the account; nothing is made", async () => {
    const db = handle.db;
    const support = await roleId("support");
    await expect(
      createStaff(db, { account: "1abc", roleId: support }, act()),
    ).rejects.toMatchObject({ code: "operator_account_invalid" });
    await createStaff(db, { account: "Taken01", roleId: support }, act());
    await expect(
      createStaff(db, { account: "taken01", roleId: support }, act()),
    ).rejects.toMatchObject({ code: "account_taken" });
    await expect(
      createStaff(db, { account: "nobody01", roleId: "999999" }, act()),
    ).rejects.toMatchObject({ code: "role_not_found" });
    expect((await listStaff(db)).map((row) => row.account).sort()).toEqual(
      expect.arrayContaining(["Taken01"]),
    );
    expect((await listStaff(db)).some((row) => row.account === "nobody01")).toBe(false);
  });

  test("a link lapses after 30 minutes; a newer one for the same account voids the older", async () => {
    const db = handle.db;
    const start = new Date("2026-11-28T10:00:00Z");
    const first = await createStaff(
      db,
      { account: "lapsing", roleId: await roleId("finance") },
      act(),
      start,
    );
    expect(await staffSetupAccount(db, first.token, new Date("2026-11-28T10:29:59Z"))).toBe(
      "lapsing",
    );
    expect(await staffSetupAccount(db, first.token, new Date("2026-11-28T10:30:00Z"))).toBeNull();
    const other = await createStaff(
      db,
      { account: "bystander", roleId: await roleId("finance") },
      act(),
      start,
    );
    const second = await reenrolStaff(db, first.memberId, act(), start);
    expect(await staffSetupAccount(db, first.token, start)).toBeNull();
    expect(await staffSetupAccount(db, second.token, start)).toBe("lapsing");
    // Another account's link is untouched.
    expect(await staffSetupAccount(db, other.token, start)).toBe("bystander");
  });

  test("disabling ends the account's sessions and lets it in nowhere; enabling lets it back; both audited", async () => {
    const db = handle.db;
    const { memberId } = await createStaff(
      db,
      { account: "disable.me", roleId: await roleId("support") },
      act(),
    );
    await signInMember(db, memberId, "ops");
    expect(await sessionsOf(memberId)).toBe(1);
    await setStaffDisabled(db, memberId, true, act());
    expect(await sessionsOf(memberId)).toBe(0);
    expect(await staffMembership(db, memberId)).toBeNull();
    expect((await findStaff(db, memberId))?.disabled).toBe(true);
    await setStaffDisabled(db, memberId, false, act());
    expect((await staffMembership(db, memberId))?.role).toBe("support");
    expect((await auditRows("staff_disabled"))[0]).toMatchObject({
      target_type: "staff",
      target_id: memberId,
      before: { disabled: false },
      after: { disabled: true },
    });
    expect((await auditRows("staff_enabled"))[0]).toMatchObject({
      before: { disabled: true },
      after: { disabled: false },
    });
  });

  test("nobody disables or re-enrols their own account; the last enabled staff manager is neither disabled nor moved off staff.manage", async () => {
    const db = handle.db;
    await expect(setStaffDisabled(db, adminId, true, act())).rejects.toMatchObject({
      code: "staff_self",
    });
    await expect(reenrolStaff(db, adminId, act())).rejects.toMatchObject({ code: "staff_self" });
    const { memberId: helper } = await createStaff(
      db,
      { account: "helper.two", roleId: await roleId("support") },
      act(),
    );
    // The helper (no staff.manage) acting on the only admin: the last manager stays.
    const helperAct = {
      operatorId: helper,
      context: { ip: null, userAgent: null, staff: { id: helper, role: "support" } },
    };
    await expect(setStaffDisabled(db, adminId, true, helperAct)).rejects.toMatchObject({
      code: "last_staff_manager",
    });
    await expect(
      changeStaffRole(db, adminId, await roleId("support"), act()),
    ).rejects.toMatchObject({ code: "last_staff_manager" });
    expect((await staffMembership(db, adminId))?.role).toBe("admin");

    // With a second admin, the first may go.
    await changeStaffRole(db, helper, await roleId("admin"), act());
    await changeStaffRole(db, adminId, await roleId("finance"), helperAct);
    expect((await staffMembership(db, adminId))?.role).toBe("finance");
    expect((await auditRows("staff_role_changed")).map((row) => [row.before, row.after])).toEqual([
      [{ role: "support" }, { role: "admin" }],
      [{ role: "admin" }, { role: "finance" }],
    ]);
  });

  test("re-enrolling removes the password and the authenticator, ends the sessions, and issues a new link", async () => {
    const db = handle.db;
    const created = await createStaff(
      db,
      { account: "lost.phone", roleId: await roleId("support") },
      act(),
    );
    await completeStaffSetup(
      db,
      { token: created.token, password: "Quiet-harbour-71" },
      { ip: null, userAgent: null },
    );
    await enrolWithSecret(db, created.memberId, "JBSWY3DPEHPK3PXP", new Date());
    await signInMember(db, created.memberId, "ops");
    expect(await hasAuthenticator(db, created.memberId)).toBe(true);

    const link = await reenrolStaff(db, created.memberId, act());
    expect(await hasAuthenticator(db, created.memberId)).toBe(false);
    expect(await sessionsOf(created.memberId)).toBe(0);
    const member = await db
      .selectFrom("members")
      .select("password_hash")
      .where("id", "=", created.memberId)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword("Quiet-harbour-71", member.password_hash)).toBe(false);
    expect(await findStaff(db, created.memberId)).toMatchObject({
      enrolled: false,
      awaitingPassword: true,
    });
    expect(await staffSetupAccount(db, link.token)).toBe("lost.phone");
    expect((await auditRows("staff_reenrolled"))[0]).toMatchObject({
      target_id: created.memberId,
      before: { enrolled: true, awaitingPassword: false },
      after: { enrolled: false, awaitingPassword: true },
    });
  });
});
