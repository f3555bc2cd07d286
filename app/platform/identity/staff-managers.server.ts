import { sql } from "kysely";
import type { Database } from "../db/open.server";
import { PlatformError } from "../errors";

/**
 * Changes to staff and roles run one at a time (an advisory lock for the
 * transaction), so two admins disabling each other at once cannot leave the
 * brand with nobody who manages staff.
 */
export async function lockStaffChanges(trx: Database) {
  await sql`select pg_advisory_xact_lock(hashtext('staff_changes'))`.execute(trx);
}

/**
 * After a change, inside its transaction: some enabled staff member still
 * holds `staff.manage`, or the change is refused (`last_staff_manager`) and
 * rolls back. Otherwise nobody could ever give the permission back.
 */
export async function assertStaffManagerRemains(trx: Database) {
  const row = await trx
    .selectFrom("staff")
    .innerJoin("staff_roles", "staff_roles.id", "staff.role_id")
    .select("staff.member_id")
    .where("staff.disabled_at", "is", null)
    .where(sql<boolean>`'staff.manage' = any(staff_roles.permissions)`)
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new PlatformError("last_staff_manager");
}
