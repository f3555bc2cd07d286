import { sql } from "kysely";
import { assertStaffManagerRemains, lockStaffChanges } from "./staff-managers.server";
import { isStaffPermission, STAFF_PERMISSIONS, type StaffPermission } from "./staff-permissions";
import { audit, type OperatorAct } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import { uniqueViolation } from "../db/unique-violation";
import { PlatformError } from "../errors";

/**
 * Roles as an admin keeps them: a name and a set of the known permissions.
 * A new role starts with the permissions it is given; an edit replaces the
 * set, and may not leave the brand without an enabled staff member who
 * manages staff. Names stay as created (the audit log names roles by name).
 */

/** A role's name: lower-case letters, digits and hyphens, a letter first, 2 to 32 characters. */
export const ROLE_NAME_PATTERN = /^[a-z][a-z0-9-]{1,31}$/;

export interface RoleRow {
  id: string;
  name: string;
  /** In the catalogue's order. */
  permissions: StaffPermission[];
  /** Staff accounts holding it, disabled ones included. */
  members: number;
}

/** The catalogue's permissions among `values`, in its order, each once; an unknown one is refused. */
function knownPermissions(values: readonly string[]): StaffPermission[] {
  if (!values.every(isStaffPermission)) throw new PlatformError("permission_unknown");
  return STAFF_PERMISSIONS.filter((permission) => values.includes(permission));
}

function roleQuery(db: Database) {
  return db
    .selectFrom("staff_roles")
    .leftJoin("staff", "staff.role_id", "staff_roles.id")
    .select((eb) => [
      "staff_roles.id",
      "staff_roles.name",
      "staff_roles.permissions",
      eb.fn.count<string>("staff.member_id").as("members"),
    ])
    .groupBy(["staff_roles.id", "staff_roles.name", "staff_roles.permissions"]);
}

const roleRow = (row: { id: string; name: string; permissions: string[]; members: string }) => ({
  id: row.id,
  name: row.name,
  permissions: STAFF_PERMISSIONS.filter((permission) => row.permissions.includes(permission)),
  members: Number(row.members),
});

/** Every role, by name, with its permissions and how many staff hold it. */
export async function listRoles(db: Database): Promise<RoleRow[]> {
  const rows = await roleQuery(db).orderBy("staff_roles.name").execute();
  return rows.map(roleRow);
}

export async function findRole(db: Database, id: string): Promise<RoleRow | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  const row = await roleQuery(db).where("staff_roles.id", "=", id).executeTakeFirst();
  return row && roleRow(row);
}

const target = (id: string) => ({ type: "role", id });

/** A new role (`role_name_invalid`, `role_name_taken`, `permission_unknown` refuse it). */
export async function createRole(
  db: Database,
  input: { name: string; permissions: readonly string[] },
  act: OperatorAct,
): Promise<string> {
  const name = input.name.trim();
  if (!ROLE_NAME_PATTERN.test(name)) throw new PlatformError("role_name_invalid");
  const permissions = knownPermissions(input.permissions);
  try {
    return await db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto("staff_roles")
        .values({ name, permissions })
        .returning("id")
        .executeTakeFirstOrThrow();
      await audit(trx, "role_created", act.context, {
        target: target(created.id),
        after: { name, permissions },
      });
      return created.id;
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new PlatformError("role_name_taken");
    throw error;
  }
}

/** Replaces a role's permissions; the audit entry names what it had and what it has. */
export async function setRolePermissions(
  db: Database,
  id: string,
  values: readonly string[],
  act: OperatorAct,
): Promise<void> {
  const permissions = knownPermissions(values);
  await db.transaction().execute(async (trx) => {
    await lockStaffChanges(trx);
    const before = await findRole(trx, id);
    if (!before) throw new PlatformError("role_not_found");
    if (before.permissions.join() === permissions.join()) return;
    await trx
      .updateTable("staff_roles")
      .set({ permissions, updated_at: sql`now()` })
      .where("id", "=", id)
      .execute();
    await assertStaffManagerRemains(trx);
    await audit(trx, "role_updated", act.context, {
      target: target(id),
      before: { name: before.name, permissions: before.permissions },
      after: { name: before.name, permissions },
    });
  });
}

/**
 * Deletes a role nobody holds (`role_in_use` while a staff account has it, `role_protected`
 * for the admin role, which the brand's migrations give new permissions by name). The audit
 * entry keeps what the role was.
 */
export async function deleteRole(db: Database, id: string, act: OperatorAct): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await lockStaffChanges(trx);
    const before = await findRole(trx, id);
    if (!before) throw new PlatformError("role_not_found");
    if (before.name === "admin") throw new PlatformError("role_protected");
    if (before.members > 0) throw new PlatformError("role_in_use");
    await trx.deleteFrom("staff_roles").where("id", "=", id).execute();
    await audit(trx, "role_deleted", act.context, {
      target: target(id),
      before: { name: before.name, permissions: before.permissions },
    });
    return before.name;
  });
}
