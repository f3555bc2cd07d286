import type { Database } from "~/platform/db/open.server";
import { OPERATOR_TYPE } from "~/platform/identity/member-types";
import type { StaffPermission } from "~/platform/identity/staff-permissions";
import { enrolTestAuthenticator } from "./authenticator";
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
  await enrolTestAuthenticator(db, id);
  return opsCookie(db, id);
}
