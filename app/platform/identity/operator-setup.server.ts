import { sql } from "kysely";
import { OPERATOR_TYPE } from "./member-types";
import { passwordProblem } from "./password-rule.server";
import { hashPassword } from "./secrets.server";
import {
  findSetupLink,
  issueSetupLink,
  SETUP_LINK_MINUTES,
  setupLinkUrl,
  useSetupLink,
  voidSetupLinks,
} from "./setup-links.server";
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
 * The links are setup-links.server.ts's, the first operator's being those
 * that name no account.
 */

export { SETUP_LINK_MINUTES };
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
  return db.transaction().execute((trx) => issueSetupLink(trx, null, now));
}

/** The link the start prints, on the public origin (never a request's Host). */
export const operatorSetupUrl = setupLinkUrl;

/** Whether a token would still make the first operator now (the page shows the form only then). */
export async function isOperatorSetupTokenValid(
  db: Database,
  token: string,
  now = new Date(),
): Promise<boolean> {
  const link = await findSetupLink(db, token, now);
  return link !== undefined && link.memberId === null && !(await operatorExists(db));
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
      const used = await useSetupLink(trx, input.token, now);
      if (!used || used.memberId !== null || (await operatorExists(trx)))
        throw new PlatformError("setup_link_invalid");
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
      await voidSetupLinks(trx, null);
      await audit(trx, "operator_created", context, { memberId: created.id, account });
      return { operatorId: created.id, account };
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new PlatformError("account_taken");
    throw error;
  }
}
