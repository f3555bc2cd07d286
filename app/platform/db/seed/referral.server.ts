import type { Database } from "../open.server";
import { OPERATOR_TYPE } from "../../identity/member-types";
import type { BrandConfig } from "../../system/brand-config.server";
import { createPromotion, setPromotionStatus } from "../../rewards/promotion-admin.server";

const DAY = 86_400_000;

/**
 * The demo brand's REFERRAL promotion, live (it switches on the header's
 * Share, the side menu's Invite friends and /member/referral): Rs 100 to the
 * referrer, straight to MAIN, for each friend whose first deposit is at least
 * Rs 100 and who has wagered Rs 200; a friend from the referrer's IP within
 * 24 hours is held for the operator. Idempotent: a marker row stops a rerun.
 */
export async function seedDemoReferral(db: Database, brand: BrandConfig, now = new Date()) {
  const marker = await db
    .selectFrom("settings")
    .select("key")
    .where("key", "=", "seed_referral")
    .executeTakeFirst();
  if (marker) return false;
  const operator = await db
    .selectFrom("members")
    .select("id")
    .where("type", "=", OPERATOR_TYPE)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const act = { operatorId: operator.id, context: { ip: null, userAgent: "seed" } };
  const id = await createPromotion(
    db,
    {
      code: "invite-friends",
      category: "other",
      kind: "referral",
      claimMode: "automatic",
      titles: {
        en: "Invite friends: Rs 100 per friend",
        ur: "دوستوں کو مدعو کریں: فی دوست Rs 100",
      },
      rulesHtml: {
        en: "<ul><li>Share your invitation link. When a friend's first deposit is at least Rs 100 and the friend has wagered Rs 200, you get Rs 100 in your main wallet.</li></ul>",
        ur: "<ul><li>اپنا دعوتی لنک شیئر کریں۔ جب کسی دوست کا پہلا ڈپازٹ کم از کم Rs 100 ہو اور وہ Rs 200 کی شرط لگا چکا ہو، تو آپ کے مین والیٹ میں Rs 100 آ جاتے ہیں۔</li></ul>",
      },
      startsAt: new Date(now.getTime() - 30 * DAY).toISOString(),
      rewardFixed: 10_000,
      minDeposit: 10_000,
      referralMinValidBet: 20_000,
      referralIpWindowHours: 24,
      sort: 6,
    },
    { ...act, timeZone: brand.timeZone },
  );
  await setPromotionStatus(db, id, "published", act);
  await db
    .insertInto("settings")
    .values({ key: "seed_referral", value: JSON.stringify({ at: now.toISOString() }) })
    .execute();
  return true;
}
