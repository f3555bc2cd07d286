import type { Transaction } from "kysely";
import { findReferrerByCode } from "./codes.server";
import type { Database } from "../../db/open.server";
import type { DB } from "../../db/schema";
import { inTransaction } from "../../db/transaction.server";
import { PlatformError } from "../../errors";

/**
 * Who brought whom (`referrals`): recorded in the registration's
 * transaction from a referral link or a typed code, or later by the friend
 * on /member/referral — only within `CLAIM_DAYS` of joining and before the
 * first deposit, so a reward cannot be arranged after the fact. A member is
 * brought by one member at most and never by itself (the table's primary
 * key and check say so too).
 */
type Trx = Transaction<DB>;

export const CLAIM_DAYS = 7;

export type ReferralLinkError =
  "referral_code_invalid" | "referral_self" | "referral_already" | "referral_too_late";

/** The referrer of a code at registration; `referral_code_invalid` when no member has it. */
export async function referrerOfCode(db: Database | Trx, code: string): Promise<string> {
  const referrer = await findReferrerByCode(db, code);
  if (!referrer) throw new PlatformError("referral_code_invalid" satisfies ReferralLinkError);
  return referrer.id;
}

export async function recordReferrer(
  trx: Trx,
  friendId: string,
  referrerId: string,
  now: Date,
): Promise<boolean> {
  const row = await trx
    .insertInto("referrals")
    .values({ friend_id: friendId, referrer_id: referrerId, created_at: now })
    .onConflict((oc) => oc.column("friend_id").doNothing())
    .returning("friend_id")
    .executeTakeFirst();
  return row !== undefined;
}

/** The member's referrer's account, or null. */
export async function referrerOf(db: Database, memberId: string) {
  const row = await db
    .selectFrom("referrals")
    .innerJoin("members", "members.id", "referrals.referrer_id")
    .select("members.account")
    .where("referrals.friend_id", "=", memberId)
    .executeTakeFirst();
  return row?.account ?? null;
}

/** Whether the member may still name a referrer (no referrer, joined within CLAIM_DAYS, no deposit yet). */
export async function mayClaimReferrer(db: Database | Trx, memberId: string, now: Date) {
  const row = await db
    .selectFrom("members as m")
    .select((eb) => [
      "m.created_at",
      eb
        .exists(eb.selectFrom("referrals").select("friend_id").whereRef("friend_id", "=", "m.id"))
        .as("referred"),
      eb
        .exists(
          eb
            .selectFrom("deposits")
            .select("id")
            .whereRef("member_id", "=", "m.id")
            .where("status", "=", "confirmed"),
        )
        .as("deposited"),
    ])
    .where("m.id", "=", memberId)
    .executeTakeFirstOrThrow();
  if (row.referred) return "referral_already" as const;
  const joined = new Date(row.created_at).getTime();
  if (row.deposited || now.getTime() - joined > CLAIM_DAYS * 86_400_000)
    return "referral_too_late" as const;
  return null;
}

/** A member names the friend who invited them (/member/referral). */
export async function claimReferrer(
  db: Database,
  memberId: string,
  code: string,
  now = new Date(),
): Promise<void> {
  await inTransaction(db, async (trx) => {
    // The member's row, locked: two posts of the form decide one after the other.
    await trx.selectFrom("members").select("id").where("id", "=", memberId).forUpdate().execute();
    const refused = await mayClaimReferrer(trx, memberId, now);
    if (refused) throw new PlatformError(refused);
    const referrerId = await referrerOfCode(trx, code);
    if (referrerId === memberId) throw new PlatformError("referral_self");
    if (!(await recordReferrer(trx, memberId, referrerId, now)))
      throw new PlatformError("referral_already");
  });
}
