import { sql } from "kysely";
import { OPERATOR_TYPE } from "./member-types";
import { passwordProblem } from "./password-rule.server";
import { hashPassword, hashToken, randomToken } from "./secrets.server";
import { assignStaffRole } from "./staff.server";
import { audit, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import { uniqueViolation } from "../db/unique-violation";
import { PlatformError } from "../errors";

/**
 * The first operator of an empty brand. A production start makes no account
 * with a known password; instead, while no operator exists, each start
 * issues a one-time link (valid 30 minutes, stored as its hash, a newer one
 * voiding the older) that lets whoever reads the server's log choose the
 * first operator's username and password. Once an operator exists every link
 * is dead, and the back office's own sign-in (and second factor) takes over.
 */

export const SETUP_LINK_MINUTES = 30;
/** Letters first, then letters, digits, `.`, `_` or `-`: 4 to 32 characters. */
export const OPERATOR_ACCOUNT_PATTERN = /^[A-Za-z][A-Za-z0-9._-]{3,31}$/;

export async function operatorExists(db: Database): Promise<boolean> {
  const row = await db
    .selectFrom("members")
    .select("id")
    .where("type", "=", OPERATOR_TYPE)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A new setup token while the brand has no operator (null once it has one).
 * Older unused tokens are voided: only the link of the latest start works.
 */
export async function issueOperatorSetupToken(
  db: Database,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date } | null> {
  if (await operatorExists(db)) return null;
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + SETUP_LINK_MINUTES * 60_000);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("operator_setup_tokens").where("used_at", "is", null).execute();
    await trx
      .insertInto("operator_setup_tokens")
      .values({ token_hash: hashToken(token), expires_at: expiresAt, created_at: now })
      .execute();
  });
  return { token, expiresAt };
}

/** The link the start prints, on the public origin (never a request's Host). */
export function operatorSetupUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/ops/setup?setup=${encodeURIComponent(token)}`;
}

/** Whether a token would still make the first operator now (the page shows the form only then). */
export async function isOperatorSetupTokenValid(
  db: Database,
  token: string,
  now = new Date(),
): Promise<boolean> {
  if (!token) return false;
  const row = await db
    .selectFrom("operator_setup_tokens")
    .select("id")
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row !== undefined && !(await operatorExists(db));
}

/**
 * Makes the first operator with the token: once, before it expires, and only
 * while no operator exists (two tabs racing: the first wins, the second gets
 * `setup_link_invalid`). The password passes the platform's password rule.
 */
export async function completeOperatorSetup(
  db: Database,
  input: { token: string; account: string; password: string },
  context: AuditContext,
  now = new Date(),
): Promise<{ operatorId: string; account: string }> {
  const account = input.account.trim();
  if (!OPERATOR_ACCOUNT_PATTERN.test(account)) throw new PlatformError("operator_account_invalid");
  const problem = passwordProblem(input.password, [account]);
  if (problem) throw new PlatformError(`password_${problem}`);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      // One setup at a time, whichever token it carries.
      await sql`select pg_advisory_xact_lock(hashtext('operator_setup'))`.execute(trx);
      const used = await trx
        .updateTable("operator_setup_tokens")
        .set({ used_at: now })
        .where("token_hash", "=", hashToken(input.token))
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .returning("id")
        .executeTakeFirst();
      if (!used || (await operatorExists(trx))) throw new PlatformError("setup_link_invalid");
      const created = await trx
        .insertInto("members")
        .values({
          account,
          nickname: account,
          type: OPERATOR_TYPE,
          password_hash: passwordHash,
          password_changed_at: now,
          profile: "{}",
          register_ip: context.ip,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      // The first operator runs the brand's back office: every permission, staff and roles included.
      await assignStaffRole(trx, created.id, "admin");
      // Every other link dies with this one.
      await trx.deleteFrom("operator_setup_tokens").where("used_at", "is", null).execute();
      await audit(trx, "operator_created", context, { memberId: created.id, account });
      return { operatorId: created.id, account };
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new PlatformError("account_taken");
    throw error;
  }
}
