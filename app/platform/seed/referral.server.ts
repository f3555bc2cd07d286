import { markSeeded, seededBefore, seedOperatorAct } from "./seed-steps.server";
import type { Database } from "../db/open.server";
import { createPromotion, setPromotionStatus } from "../rewards/promotion-admin.server";
import type { BrandConfig } from "../system/brand-config.server";

const DAY = 86_400_000;

/**
 * The demo brand's REFERRAL promotion, live (it switches on the header's
 * Share, the side menu's Invite friends and /member/referral): Rs 100 to the
 * referrer, straight to MAIN, for each friend whose first deposit is at least
 * Rs 100 and who has wagered Rs 200; a friend from the referrer's IP within
 * 24 hours is held for the operator. Idempotent: a marker row stops a rerun.
 */
export async function seedDemoReferral(db: Database, brand: BrandConfig, now = new Date()) {
  if (await seededBefore(db, "seed_referral")) return false;
  const act = await seedOperatorAct(db);
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
  await markSeeded(db, "seed_referral", now);
  return true;
}
