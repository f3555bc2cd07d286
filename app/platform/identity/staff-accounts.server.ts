import { OPERATOR_TYPE } from "./member-types";
import { OPERATOR_ACCOUNT_PATTERN } from "./operator-setup.server";
import { passwordProblem } from "./password-rule.server";
import { hashPassword } from "./secrets.server";
import { endAllSessions } from "./sessions.server";
import { issueSetupLink, useSetupLink, voidSetupLinks, findSetupLink } from "./setup-links.server";
import { assertStaffManagerRemains, lockStaffChanges } from "./staff-managers.server";
import { audit, type OperatorAct, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import { uniqueViolation } from "../db/unique-violation";
import { PlatformError } from "../errors";

/**
 * The back office's staff accounts, as an admin keeps them: created with a
 * role and a one-time link through which the new staff member chooses a
 * password (then signs in and enrols an authenticator), disabled and enabled
 * again, re-enrolled (password and authenticator gone, a new link), moved to
 * another role. Every change is audited with its before and after.
 */

/** The password of an account whose owner has not chosen one yet: no scheme, so no password matches it. */
const NO_PASSWORD = "!staff-setup";

export interface StaffRow {
  memberId: string;
  account: string;
  nickname: string | null;
  roleId: string;
  role: string;
  disabled: boolean;
  /** A confirmed authenticator: the account can reach the back office. */
  enrolled: boolean;
  /** No password yet: its setup link is still to be used (or has lapsed). */
  awaitingPassword: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
}

function staffQuery(db: Database) {
  return db
    .selectFrom("staff")
    .innerJoin("members", "members.id", "staff.member_id")
    .innerJoin("staff_roles", "staff_roles.id", "staff.role_id")
    .leftJoin("authenticators", "authenticators.member_id", "staff.member_id")
    .select([
      "staff.member_id",
      "members.account",
      "members.nickname",
      "members.password_hash",
      "members.last_login_at",
      "staff.role_id",
      "staff_roles.name as role",
      "staff.disabled_at",
      "staff.created_at",
      "authenticators.confirmed_at",
    ]);
}

type StaffQueryRow = Awaited<ReturnType<ReturnType<typeof staffQuery>["executeTakeFirstOrThrow"]>>;

const staffRow = (row: StaffQueryRow): StaffRow => ({
  memberId: row.member_id,
  account: row.account,
  nickname: row.nickname,
  roleId: row.role_id,
  role: row.role,
  disabled: row.disabled_at !== null,
  enrolled: row.confirmed_at !== null,
  awaitingPassword: row.password_hash === NO_PASSWORD,
  // Generated<Timestamp> is selected as the wrapper type, not a Date: the driver gives a Date.
  createdAt: new Date(row.created_at as unknown as Date),
  lastSignInAt: row.last_login_at ? new Date(row.last_login_at) : null,
});

/** Every staff account, by account name. */
export async function listStaff(db: Database): Promise<StaffRow[]> {
  const rows = await staffQuery(db).orderBy("members.account").execute();
  return rows.map(staffRow);
}

export async function findStaff(db: Database, memberId: string): Promise<StaffRow | undefined> {
  if (!/^\d{1,18}$/.test(memberId)) return undefined;
  const row = await staffQuery(db).where("staff.member_id", "=", memberId).executeTakeFirst();
  return row && staffRow(row);
}

/** A staff account's current state, locked for the change (`staff_not_found` when there is none). */
async function lockedStaff(trx: Database, memberId: string) {
  await lockStaffChanges(trx);
  const found = await findStaff(trx, memberId);
  if (!found) throw new PlatformError("staff_not_found");
  return found;
}

async function roleName(trx: Database, roleId: string): Promise<string> {
  const role = /^\d{1,18}$/.test(roleId)
    ? await trx.selectFrom("staff_roles").select("name").where("id", "=", roleId).executeTakeFirst()
    : undefined;
  if (!role) throw new PlatformError("role_not_found");
  return role.name;
}

const target = (memberId: string) => ({ type: "staff", id: memberId });

export interface SetupLink {
  memberId: string;
  account: string;
  token: string;
  expiresAt: Date;
}

/** A new staff account with a role, and its one-time setup link (the only time the token exists in clear). */
export async function createStaff(
  db: Database,
  input: { account: string; roleId: string },
  act: OperatorAct,
  now = new Date(),
): Promise<SetupLink> {
  const account = input.account.trim();
  if (!OPERATOR_ACCOUNT_PATTERN.test(account)) throw new PlatformError("operator_account_invalid");
  try {
    return await db.transaction().execute(async (trx) => {
      await lockStaffChanges(trx);
      const role = await roleName(trx, input.roleId);
      const created = await trx
        .insertInto("members")
        .values({
          account,
          nickname: account,
          type: OPERATOR_TYPE,
          password_hash: NO_PASSWORD,
          password_changed_at: now,
          profile: "{}",
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("staff")
        .values({ member_id: created.id, role_id: input.roleId })
        .execute();
      const link = await issueSetupLink(trx, created.id, now);
      await audit(trx, "staff_created", act.context, {
        memberId: created.id,
        account,
        target: target(created.id),
        after: { account, role, disabled: false },
      });
      return { memberId: created.id, account, ...link };
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new PlatformError("account_taken");
    throw error;
  }
}

/** Moves a staff member to another role; the last one who manages staff cannot lose it. */
export async function changeStaffRole(
  db: Database,
  memberId: string,
  roleId: string,
  act: OperatorAct,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await lockedStaff(trx, memberId);
    const role = await roleName(trx, roleId);
    if (before.roleId === roleId) return;
    await trx
      .updateTable("staff")
      .set({ role_id: roleId })
      .where("member_id", "=", memberId)
      .execute();
    await assertStaffManagerRemains(trx);
    await audit(trx, "staff_role_changed", act.context, {
      memberId,
      account: before.account,
      target: target(memberId),
      before: { role: before.role },
      after: { role },
    });
  });
}

/**
 * Disables (ending its sessions and voiding its setup link) or enables a staff
 * account. Nobody disables their own account, and the last enabled staff
 * member who manages staff stays enabled.
 */
export async function setStaffDisabled(
  db: Database,
  memberId: string,
  disabled: boolean,
  act: OperatorAct,
  now = new Date(),
): Promise<void> {
  if (disabled && memberId === act.operatorId) throw new PlatformError("staff_self");
  await db.transaction().execute(async (trx) => {
    const before = await lockedStaff(trx, memberId);
    if (before.disabled === disabled) return;
    await trx
      .updateTable("staff")
      .set({ disabled_at: disabled ? now : null })
      .where("member_id", "=", memberId)
      .execute();
    if (disabled) {
      await assertStaffManagerRemains(trx);
      await endAllSessions(trx, memberId);
      await voidSetupLinks(trx, memberId);
    }
    await audit(trx, disabled ? "staff_disabled" : "staff_enabled", act.context, {
      memberId,
      account: before.account,
      target: target(memberId),
      before: { disabled: before.disabled },
      after: { disabled },
    });
  });
}

/**
 * Starts a staff account over (a lost phone, a password that leaked): its
 * password and authenticator are removed, its sessions end, and a new
 * one-time link lets its owner choose a password and enrol again. Not one's
 * own account: the link would go to the person it locks out.
 */
export async function reenrolStaff(
  db: Database,
  memberId: string,
  act: OperatorAct,
  now = new Date(),
): Promise<SetupLink> {
  if (memberId === act.operatorId) throw new PlatformError("staff_self");
  return db.transaction().execute(async (trx) => {
    const before = await lockedStaff(trx, memberId);
    await trx
      .updateTable("members")
      .set({ password_hash: NO_PASSWORD, password_changed_at: now })
      .where("id", "=", memberId)
      .execute();
    await trx.deleteFrom("recovery_codes").where("member_id", "=", memberId).execute();
    await trx.deleteFrom("authenticators").where("member_id", "=", memberId).execute();
    await endAllSessions(trx, memberId);
    const link = await issueSetupLink(trx, memberId, now);
    await audit(trx, "staff_reenrolled", act.context, {
      memberId,
      account: before.account,
      target: target(memberId),
      before: { enrolled: before.enrolled, awaitingPassword: before.awaitingPassword },
      after: { enrolled: false, awaitingPassword: true },
    });
    return { memberId, account: before.account, ...link };
  });
}

/** The account a staff setup link would set the password of now, or null (first-operator links are not staff links). */
export async function staffSetupAccount(
  db: Database,
  token: string,
  now = new Date(),
): Promise<string | null> {
  const link = await findSetupLink(db, token, now);
  if (!link?.memberId) return null;
  const member = await db
    .selectFrom("members")
    .select("account")
    .where("id", "=", link.memberId)
    .executeTakeFirst();
  return member?.account ?? null;
}

/**
 * The staff member chooses a password through its link: once, before the link
 * expires. The password passes the platform's password rule; a refusal keeps
 * the link. Signing in (and enrolling an authenticator) comes next, at /ops/login.
 */
export async function completeStaffSetup(
  db: Database,
  input: { token: string; password: string },
  context: AuditContext,
  now = new Date(),
): Promise<{ memberId: string; account: string }> {
  const account = await staffSetupAccount(db, input.token, now);
  if (!account) throw new PlatformError("setup_link_invalid");
  const problem = passwordProblem(input.password, [account]);
  if (problem) throw new PlatformError(`password_${problem}`);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const used = await useSetupLink(trx, input.token, now);
    if (!used?.memberId) throw new PlatformError("setup_link_invalid");
    await trx
      .updateTable("members")
      .set({ password_hash: passwordHash, password_changed_at: now })
      .where("id", "=", used.memberId)
      .execute();
    await voidSetupLinks(trx, used.memberId);
    await audit(trx, "staff_password_set", context, {
      memberId: used.memberId,
      account,
      target: target(used.memberId),
    });
    return { memberId: used.memberId, account };
  });
}
