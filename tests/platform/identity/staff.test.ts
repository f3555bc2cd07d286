import { describe, expect, test } from "vitest";
import { hasAuthenticator } from "~/platform/identity/authenticator.server";
import { findMemberByAccount } from "~/platform/identity/members.server";
import { BUILT_IN_ROLES, STAFF_PERMISSIONS } from "~/platform/identity/staff-permissions";
import {
  assignStaffRole,
  ensureBuiltInRoles,
  staffMembership,
} from "~/platform/identity/staff.server";
import { DEMO_STAFF, seedDemoStaff } from "~/platform/seed/staff.server";
import { createTestDatabase, useSeededDatabase } from "../../helpers/database";
import { insertMember } from "../../helpers/wallet";

describe("staff roles", () => {
  test("a migrated database has the admin role with every permission; an account without a role has none", async () => {
    const handle = await createTestDatabase();
    try {
      const db = handle.db;
      const admin = await db
        .selectFrom("staff_roles")
        .select("permissions")
        .where("name", "=", "admin")
        .executeTakeFirstOrThrow();
      expect([...admin.permissions].sort()).toEqual([...STAFF_PERMISSIONS].sort());
      const plain = await insertMember(db);
      expect(await staffMembership(db, plain)).toBeNull();
    } finally {
      await handle.close();
    }
  });

  test("the built-in roles are added once; an admin's edit of one is kept", async () => {
    const handle = await createTestDatabase();
    try {
      const db = handle.db;
      await ensureBuiltInRoles(db);
      await db
        .updateTable("staff_roles")
        .set({ permissions: ["vip.view"] })
        .where("name", "=", "support")
        .execute();
      await ensureBuiltInRoles(db);
      const roles = await db.selectFrom("staff_roles").select(["name", "permissions"]).execute();
      expect(roles.map((role) => role.name).sort()).toEqual(Object.keys(BUILT_IN_ROLES).sort());
      expect(roles.find((role) => role.name === "support")!.permissions).toEqual(["vip.view"]);

      const id = await insertMember(db, { type: 9 });
      await assignStaffRole(db, id, "read-only");
      const readOnly = (await staffMembership(db, id))?.permissions;
      expect([...readOnly!].every((permission) => permission.endsWith(".view"))).toBe(true);
      expect(readOnly!.size).toBe(BUILT_IN_ROLES["read-only"]!.length);
      await db
        .updateTable("staff")
        .set({ disabled_at: new Date() })
        .where("member_id", "=", id)
        .execute();
      expect(await staffMembership(db, id)).toBeNull();
    } finally {
      await handle.close();
    }
  });
});

describe("the demo's staff", () => {
  const handle = useSeededDatabase();

  test("ops01 is the admin; one enrolled account per other role; seeding again changes nothing", async () => {
    const db = handle.db;
    const ops01 = await findMemberByAccount(db, "ops01");
    expect(await staffMembership(db, ops01!.id)).toEqual({
      role: "admin",
      permissions: new Set(STAFF_PERMISSIONS),
    });
    for (const staff of DEMO_STAFF) {
      const member = await findMemberByAccount(db, staff.account);
      expect(await staffMembership(db, member!.id)).toEqual({
        role: staff.role,
        permissions: new Set(BUILT_IN_ROLES[staff.role]),
      });
      expect(await hasAuthenticator(db, member!.id)).toBe(true);
    }
    const rows = () =>
      db.selectFrom("staff").select(["member_id", "role_id"]).orderBy("member_id").execute();
    const before = await rows();
    await seedDemoStaff(db);
    expect(await rows()).toEqual(before);
  });
});
