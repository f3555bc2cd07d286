import type { ExpressionBuilder } from "kysely";
import { hashToken, randomToken } from "./secrets.server";
import type { Database } from "../db/open.server";
import type { DB } from "../db/schema";

/**
 * One-time links that let a staff member choose a password: the first
 * operator of an empty brand (no account yet, `memberId` null) and every
 * staff account an admin creates or re-enrols. A link is valid 30 minutes,
 * works once, is stored only as its hash, and a newer link for the same
 * account voids the older ones.
 */

export const SETUP_LINK_MINUTES = 30;

/** Rows of the same account's links: the first operator's are those without one. */
const ofAccount = (memberId: string | null) => (eb: ExpressionBuilder<DB, "staff_setup_tokens">) =>
  memberId === null ? eb("member_id", "is", null) : eb("member_id", "=", memberId);

/** A new link's token for the account, voiding its unused older ones. Call it inside a transaction. */
export async function issueSetupLink(
  db: Database,
  memberId: string | null,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + SETUP_LINK_MINUTES * 60_000);
  await voidSetupLinks(db, memberId);
  await db
    .insertInto("staff_setup_tokens")
    .values({
      token_hash: hashToken(token),
      member_id: memberId,
      expires_at: expiresAt,
      created_at: now,
    })
    .execute();
  return { token, expiresAt };
}

/** Kills the account's unused links (its password was set, or the account was disabled). */
export async function voidSetupLinks(db: Database, memberId: string | null) {
  await db
    .deleteFrom("staff_setup_tokens")
    .where("used_at", "is", null)
    .where(ofAccount(memberId))
    .execute();
}

/** The link's account when the token would still work now: `{ memberId }` (null for the first operator), or undefined. */
export async function findSetupLink(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ memberId: string | null } | undefined> {
  if (!token) return undefined;
  const row = await db
    .selectFrom("staff_setup_tokens")
    .select("member_id")
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row && { memberId: row.member_id };
}

/** Uses the token up (once, before it expires): its account as findSetupLink gives it, or undefined. */
export async function useSetupLink(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ memberId: string | null } | undefined> {
  if (!token) return undefined;
  const row = await db
    .updateTable("staff_setup_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("member_id")
    .executeTakeFirst();
  return row && { memberId: row.member_id };
}

/** The link as a URL on the public origin (never a request's Host). */
export function setupLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/ops/setup?setup=${encodeURIComponent(token)}`;
}
