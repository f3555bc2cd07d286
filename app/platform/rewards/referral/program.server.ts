import type { Database } from "../../db/open.server";
import type { Executor } from "../../db/transaction.server";
import { openPromotions } from "../open-promotions.server";
import { promotionOf, type Promotion } from "../promotion-rows.server";

/**
 * The brand's REFERRAL promotion (the referral menu requires it): the
 * newest published promotion of kind `referral` open at `now`. Its rules
 * (first deposit, valid bets, reward, turnover, IP window) are the
 * operator's, edited in /ops/promotions like every other promotion.
 */

export async function liveReferralPromotion(
  db: Executor,
  now = new Date(),
): Promise<Promotion | null> {
  const row = await db
    .selectFrom("promotions")
    .selectAll()
    .where("kind", "=", "referral")
    .where("status", "=", "published")
    .where("starts_at", "<=", now)
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]))
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? promotionOf(row) : null;
}

/** The session value availablePromo.REFERRAL.enabled, on every signed-in page: from the read cache. */
export async function referralEnabled(db: Database, now = new Date()): Promise<boolean> {
  return (await openPromotions(db, "referral", now)).length > 0;
}
