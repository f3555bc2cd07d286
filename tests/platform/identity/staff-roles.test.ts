import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { createStaff, setStaffDisabled } from "~/platform/identity/staff-accounts.server";
import { STAFF_PERMISSIONS } from "~/platform/identity/staff-permissions";
import {
  createRole,
  findRole,
  listRoles,
  setRolePermissions,
} from "~/platform/identity/staff-roles.server";
import { ensureBuiltInRoles, staffMembership } from "~/platform/identity/staff.server";
import { createTestDatabase } from "../../helpers/database";
import { insertMember } from "../../helpers/wallet";

let handle: DatabaseHandle;
let adminId: string;
const act = () => ({
  operatorId: adminId,
  context: { ip: null, userAgent: null, staff: { id: adminId, role: "admin" } },
});
const auditRows = (event: string) =>
  handle.db
    .selectFrom("audit_log")
    .selectAll()
    .where("event", "=", event as never)
    .orderBy("id")
    .execute();

beforeEach(async () => {
  handle = await createTestDatabase();
  await ensureBuiltInRoles(handle.db);
  adminId = await insertMember(handle.db, { type: 9 });
});
afterEach(() => handle.close());

describe("roles", () => {
  test("the list names each role's permissions in the catalogue's order and counts its staff", async () => {
    const db = handle.db;
    const roles = await listRoles(db);
    const admin = roles.find((role) => role.name === "admin")!;
    expect(admin.permissions).toEqual([...STAFF_PERMISSIONS]);
    expect(admin.members).toBe(1);
    expect(roles.find((role) => role.name === "support")!.members).toBe(0);
    expect(roles.map((role) => role.name)).toEqual([...roles.map((role) => role.name)].sort());
  });

  test("a new role takes known permissions only, a name by the rule, and a name nobody has", async () => {
    const db = handle.db;
    const id = await createRole(
      db,
      { name: "night-desk", permissions: ["support.reply", "support.view", "support.view"] },
      act(),
    );
    expect(await findRole(db, id)).toEqual({
      id,
      name: "night-desk",
      permissions: ["support.view", "support.reply"],
      members: 0,
    });
    expect((await auditRows("role_created"))[0]).toMatchObject({
      target_type: "role",
      target_id: id,
      staff_id: adminId,
      after: { name: "night-desk", permissions: ["support.view", "support.reply"] },
    });
    for (const name of ["Night", "n", "9lives", "night desk", "x".repeat(33)])
      await expect(createRole(db, { name, permissions: [] }, act())).rejects.toMatchObject({
        code: "role_name_invalid",
      });
    await expect(
      createRole(db, { name: "wizards", permissions: ["magic.cast"] }, act()),
    ).rejects.toMatchObject({ code: "permission_unknown" });
    await expect(
      createRole(db, { name: "night-desk", permissions: [] }, act()),
    ).rejects.toMatchObject({ code: "role_name_taken" });
  });

  test("an edit replaces the permissions, audited before and after; staff.manage stays with some enabled staff member", async () => {
    const db = handle.db;
    const support = (await listRoles(db)).find((role) => role.name === "support")!;
    const { memberId } = await createStaff(db, { account: "desk.one", roleId: support.id }, act());
    await setRolePermissions(db, support.id, ["chat.view", "vip.view"], act());
    expect([...(await staffMembership(db, memberId))!.permissions]).toEqual([
      "vip.view",
      "chat.view",
    ]);
    const [updated] = await auditRows("role_updated");
    expect(updated).toMatchObject({
      target_type: "role",
      target_id: support.id,
      before: { name: "support", permissions: support.permissions },
      after: { name: "support", permissions: ["vip.view", "chat.view"] },
    });

    const admin = (await listRoles(db)).find((role) => role.name === "admin")!;
    const without = STAFF_PERMISSIONS.filter((permission) => permission !== "staff.manage");
    await expect(setRolePermissions(db, admin.id, without, act())).rejects.toMatchObject({
      code: "last_staff_manager",
    });
    await expect(
      setRolePermissions(db, admin.id, ["staff.manage", "nonsense"], act()),
    ).rejects.toMatchObject({ code: "permission_unknown" });
    expect((await findRole(db, admin.id))!.permissions).toEqual([...STAFF_PERMISSIONS]);

    // Another role that manages staff, held by an enabled account: now admin may lose it.
    const keeper = await createRole(db, { name: "keepers", permissions: ["staff.manage"] }, act());
    const { memberId: keeperId } = await createStaff(
      db,
      { account: "keeper.one", roleId: keeper },
      act(),
    );
    await setRolePermissions(db, admin.id, without, act());
    // ...but not once that account is disabled.
    await setRolePermissions(db, admin.id, STAFF_PERMISSIONS, act());
    await setStaffDisabled(db, keeperId, true, act());
    await expect(setRolePermissions(db, admin.id, without, act())).rejects.toMatchObject({
      code: "last_staff_manager",
    });
    await expect(setRolePermissions(db, "999999", [], act())).rejects.toMatchObject({
      code: "role_not_found",
    });
  });
});
