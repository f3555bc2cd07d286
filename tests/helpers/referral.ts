import type { Database } from "../../app/platform/db/open.server";

/**
 * A friend of `referrerId` whose reward of Rs 100 waits for the operator under
 * the seeded `invite-friends` promotion, as the scheduler holds a friend who
 * registered from the referrer's IP. For the route tests and the e2e specs
 * (relative imports only, so Playwright loads it too).
 */
export async function insertHeldReferral(db: Database, referrerId: string, friendId: string) {
  const promotion = await db
    .selectFrom("promotions")
    .select("id")
    .where("code", "=", "invite-friends")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("referrals")
    .values({ friend_id: friendId, referrer_id: referrerId })
    .execute();
  await db
    .insertInto("referral_rewards")
    .values({
      friend_id: friendId,
      referrer_id: referrerId,
      promotion_id: promotion.id,
      status: "held",
      hold_reason: "same_ip",
      amount: "10000",
      qualified_at: new Date(),
    })
    .execute();
}
