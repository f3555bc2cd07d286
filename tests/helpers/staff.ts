import type { Database } from "~/platform/db/open.server";
import { enrolWithSecret } from "~/platform/identity/authenticator.server";
import { OPERATOR_TYPE } from "~/platform/identity/member-types";
import type { StaffPermission } from "~/platform/identity/staff-permissions";
import { insertMember } from "./wallet";
import { opsCookie } from "./withdrawals";

/** A new staff account whose role holds exactly `permissions`, signed in: its Cookie header. */
export async function staffCookieWith(db: Database, permissions: readonly StaffPermission[]) {
  const id = await insertMember(db, { type: OPERATOR_TYPE });
  const role = await db
    .insertInto("staff_roles")
    .values({ name: `role-${id}`, permissions: [...permissions] })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.updateTable("staff").set({ role_id: role.id }).where("member_id", "=", id).execute();
  await enrolWithSecret(db, id, "JBSWY3DPEHPK3PXP", new Date());
  return opsCookie(db, id);
}
