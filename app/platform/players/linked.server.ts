import { sql } from "kysely";
import type { Database } from "../db/open.server";
import { OPERATOR_TYPE, type MemberStatus } from "../identity/member-types";

/** Why two accounts look like one person's. */
export const LINK_REASONS = ["device", "ip", "register_ip", "payee", "email"] as const;
export type LinkReason = (typeof LINK_REASONS)[number];

export interface LinkedAccount {
  id: string;
  account: string;
  type: number;
  status: MemberStatus;
  reasons: LinkReason[];
}

/** At most this many linked accounts are listed (a shared café IP links many). */
export const LINKED_SHOWN = 100;

/**
 * Other members and agents (never staff) that share something with this one:
 * a device cookie or an IP it signed in from, its registration IP, a payee
 * account number (by its blind index) or its e-mail; each with every reason.
 */
export async function linkedAccounts(db: Database, memberId: string): Promise<LinkedAccount[]> {
  const { rows } = await sql<{ member_id: string; reason: LinkReason }>`
    select other.member_id, other.kind as reason
      from known_sign_ins mine
      join known_sign_ins other
        on other.kind = mine.kind and other.value_hash = mine.value_hash
       and other.member_id <> mine.member_id
     where mine.member_id = ${memberId}
    union
    select other.id, 'register_ip'
      from members mine join members other
        on other.register_ip = mine.register_ip and other.id <> mine.id
     where mine.id = ${memberId} and mine.register_ip is not null
    union
    select other.member_id, 'payee'
      from payee_accounts mine join payee_accounts other
        on other.account_number_index = mine.account_number_index
       and other.member_id <> mine.member_id
     where mine.member_id = ${memberId} and mine.account_number_index is not null
    union
    select other.id, 'email'
      from members mine join members other
        on lower(other.email) = lower(mine.email) and other.id <> mine.id
     where mine.id = ${memberId} and mine.email is not null`.execute(db);
  const reasons = new Map<string, Set<LinkReason>>();
  for (const row of rows)
    reasons.set(row.member_id, (reasons.get(row.member_id) ?? new Set()).add(row.reason));
  if (reasons.size === 0) return [];
  const members = await db
    .selectFrom("members")
    .select(["id", "account", "type", "status"])
    .where("id", "in", [...reasons.keys()])
    .where("type", "<>", OPERATOR_TYPE)
    .orderBy("account")
    .limit(LINKED_SHOWN)
    .execute();
  return members
    .map((member) => ({
      ...member,
      reasons: LINK_REASONS.filter((reason) => reasons.get(member.id)!.has(reason)),
    }))
    .sort((a, b) => b.reasons.length - a.reasons.length || a.account.localeCompare(b.account));
}
