import { sql } from "kysely";
import { isEligible } from "./eligibility";
import { openPromotions } from "./open-promotions.server";
import { memberStanding } from "./promotion-rows.server";
import { openableEnvelopes } from "./red-envelopes.server";
import type { Database } from "../db/open.server";

/**
 * The header's count of promotions waiting for the member (the unclaimed
 * count, with the unread messages): entries qualified and not yet claimed on
 * promotions still open, plus red envelopes the member can open now.
 */
export async function claimableCount(db: Database, memberId: string, now = new Date()) {
  const [waiting, envelopes] = await Promise.all([
    db
      .selectFrom("promotion_entries as e")
      .innerJoin("promotions as p", "p.id", "e.promotion_id")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("e.member_id", "=", memberId)
      .where("e.state", "=", "claim")
      .where("p.status", "=", "published")
      .where(sql<boolean>`(p.ends_at is null or p.ends_at > ${now})`)
      .executeTakeFirstOrThrow(),
    openPromotions(db, "red_envelope", now),
  ]);
  let count = Number(waiting.count);
  if (envelopes.length > 0) {
    const standing = await memberStanding(db, memberId);
    const open = envelopes.filter((p) => isEligible(p, standing, now));
    count += await openableEnvelopes(db, open, memberId, now);
  }
  return count;
}
