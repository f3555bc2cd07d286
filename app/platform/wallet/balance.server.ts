import type { Database } from "../db/open.server";
import type { MemberInfo } from "../identity/members.server";

/**
 * The member's main wallet balance in minor units (a bigint decimal string),
 * as the header shows it (§2, §3 session value `balance`).
 *
 * Interim: the double-entry ledger (DESIGN §3) arrives with the wallet issue,
 * which replaces this body with a read of the member's MAIN account. Until
 * then nothing can change a balance, so the honest answer is: a trial account
 * has its demo credit, every other account has 0.
 */
export async function mainBalance(_db: Database, member: MemberInfo): Promise<string> {
  return member.isTrial ? member.demoCredit : "0";
}
