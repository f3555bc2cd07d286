import { BUILT_IN_ROLES, isStaffPermission, type StaffPermission } from "./staff-permissions";
import type { Database } from "../db/open.server";

/** A staff member's role, by name, and what it may do. */
export interface StaffMembership {
  role: string;
  permissions: ReadonlySet<StaffPermission>;
}

/**
 * The role and permissions of a staff member, or null when the account is not
 * staff (no role) or is disabled: the back office then lets it in nowhere.
 */
export async function staffMembership(
  db: Database,
  memberId: string,
): Promise<StaffMembership | null> {
  const row = await db
    .selectFrom("staff")
    .innerJoin("staff_roles", "staff_roles.id", "staff.role_id")
    .select(["staff_roles.name", "staff_roles.permissions", "staff.disabled_at"])
    .where("staff.member_id", "=", memberId)
    .executeTakeFirst();
  if (!row || row.disabled_at) return null;
  return { role: row.name, permissions: new Set(row.permissions.filter(isStaffPermission)) };
}

/** The brand's starting roles, where they do not exist yet (an admin's edits are kept). */
export async function ensureBuiltInRoles(db: Database) {
  await db
    .insertInto("staff_roles")
    .values(
      Object.entries(BUILT_IN_ROLES).map(([name, permissions]) => ({
        name,
        permissions: [...permissions],
      })),
    )
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
}

/** Gives an operator account its role (the role must exist). */
export async function assignStaffRole(db: Database, memberId: string, roleName: string) {
  const role = await db
    .selectFrom("staff_roles")
    .select("id")
    .where("name", "=", roleName)
    .executeTakeFirstOrThrow();
  await db
    .insertInto("staff")
    .values({ member_id: memberId, role_id: role.id })
    .onConflict((oc) => oc.column("member_id").doUpdateSet({ role_id: role.id }))
    .execute();
}
