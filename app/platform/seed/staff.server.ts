import type { Database } from "../db/open.server";
import { enrolWithSecret } from "../identity/authenticator.server";
import { LOOPBACK_ADDRESSES, recordKnownSignIn } from "../identity/known-sign-ins.server";
import { OPERATOR_TYPE } from "../identity/member-types";
import { findMemberByAccount } from "../identity/members.server";
import { hashPassword, LEGACY_SCRYPT_COST } from "../identity/secrets.server";
import { assignStaffRole, ensureBuiltInRoles } from "../identity/staff.server";

/** The demo's staff password: public (README), like every demo account's. */
export const DEMO_STAFF_PASSWORD = "Staff12345";

/**
 * One demo staff account per built-in role besides ops01 (the admin), each with a fixed
 * authenticator secret published in the README, as ops01's is.
 */
export const DEMO_STAFF = [
  { account: "finance01", role: "finance", secret: "FINANCEDEMOSECRT" },
  { account: "support01", role: "support", secret: "SUPPORTDEMOSECRT" },
  { account: "comply01", role: "compliance", secret: "COMPLYDEMOSECRET" },
  { account: "market01", role: "marketing", secret: "MARKETDEMOSECRET" },
  { account: "readonly01", role: "read-only", secret: "READONLYDEMOSECR" },
] as const;

/**
 * The built-in roles, ops01 as the admin, and the demo staff accounts. Idempotent: what
 * exists is left as it is (an admin's edits to the roles included), so a database seeded
 * before staff had roles gets them too.
 */
export async function seedDemoStaff(db: Database, now = new Date()) {
  await ensureBuiltInRoles(db);
  const admin = await findMemberByAccount(db, "ops01");
  if (admin) await assignStaffRole(db, admin.id, "admin");
  for (const staff of DEMO_STAFF) {
    if (await findMemberByAccount(db, staff.account)) continue;
    const created = await db
      .insertInto("members")
      .values({
        account: staff.account,
        nickname: staff.account,
        type: OPERATOR_TYPE,
        // At the old cost, as every demo password: rehashed at today's cost when it signs in.
        password_hash: await hashPassword(DEMO_STAFF_PASSWORD, LEGACY_SCRYPT_COST),
        password_changed_at: now,
        profile: "{}",
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await assignStaffRole(db, created.id, staff.role);
    await enrolWithSecret(db, created.id, staff.secret, now);
    for (const ip of LOOPBACK_ADDRESSES) await recordKnownSignIn(db, created.id, { ip }, now);
  }
}
