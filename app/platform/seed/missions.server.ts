import type { Database } from "../db/open.server";

/**
 * The demo brand's missions, in English and Urdu: one of each condition, daily,
 * weekly and one-off, cash (one with a turnover) and points rewards.
 * `daily-slots` is what the e2e member completes in the demo slot (two
 * Rs 50 spins). Idempotent: a code seeded once is left alone.
 */
const rs = (rupees: number) => String(rupees * 100);

export const DEMO_MISSIONS = [
  {
    code: "daily-slots",
    names: { en: "Spin Rs 100 in slots today", ur: "آج سلاٹس میں 100 روپے کی بازی" },
    descriptions: {
      en: "Valid bets of Rs 100 on slot games pay Rs 10 to your main wallet.",
      ur: "سلاٹ گیمز پر 100 روپے کی درست بازیاں آپ کے مرکزی والیٹ میں 10 روپے دیتی ہیں۔",
    },
    period: "D",
    condition: "valid_bet",
    category: "RNG",
    target: rs(100),
    reward_kind: "cash",
    reward_amount: rs(10),
    turnover_multiple: 0,
    mission_points: 10,
  },
  {
    code: "daily-deposit",
    names: { en: "Deposit Rs 500 today", ur: "آج 500 روپے جمع کریں" },
    descriptions: {
      en: "Confirmed deposits of Rs 500 today earn 50 points.",
      ur: "آج 500 روپے کی تصدیق شدہ جمع رقم پر 50 پوائنٹس۔",
    },
    period: "D",
    condition: "deposit",
    category: null,
    target: rs(500),
    reward_kind: "points",
    reward_amount: "50",
    turnover_multiple: 0,
    mission_points: 20,
  },
  {
    code: "weekly-explorer",
    names: { en: "Play 3 different games this week", ur: "اس ہفتے 3 مختلف گیمز کھیلیں" },
    descriptions: {
      en: "Rs 20 bonus, to be wagered 5 times before it reaches your main wallet.",
      ur: "20 روپے کا بونس، مرکزی والیٹ میں آنے سے پہلے 5 گنا بازی ضروری۔",
    },
    period: "W",
    condition: "distinct_games",
    category: null,
    target: "3",
    reward_kind: "cash",
    reward_amount: rs(20),
    turnover_multiple: 500,
    mission_points: 30,
  },
  {
    code: "weekly-regular",
    names: { en: "Sign in on 3 days this week", ur: "اس ہفتے 3 دن سائن ان کریں" },
    descriptions: {
      en: "Sign in on three different days this week for 100 points.",
      ur: "اس ہفتے تین مختلف دنوں میں سائن ان کریں اور 100 پوائنٹس پائیں۔",
    },
    period: "W",
    condition: "login_days",
    category: null,
    target: "3",
    reward_kind: "points",
    reward_amount: "100",
    turnover_multiple: 0,
    mission_points: 30,
  },
  {
    code: "weekly-live",
    names: {
      en: "Bet Rs 1,000 on live casino this week",
      ur: "اس ہفتے لائیو کیسینو پر 1,000 روپے کی بازی",
    },
    descriptions: {
      en: "Valid bets of Rs 1,000 at live tables pay Rs 30.",
      ur: "لائیو میزوں پر 1,000 روپے کی درست بازیاں 30 روپے دیتی ہیں۔",
    },
    period: "W",
    condition: "valid_bet",
    category: "LIVE",
    target: rs(1000),
    reward_kind: "cash",
    reward_amount: rs(30),
    turnover_multiple: 0,
    mission_points: 40,
  },
  {
    code: "invite-friends",
    names: { en: "Invite 2 friends who deposit", ur: "2 دوستوں کو مدعو کریں جو رقم جمع کریں" },
    descriptions: {
      en: "Two friends you bring who make a deposit pay you Rs 100, once.",
      ur: "آپ کے لائے ہوئے دو دوست جو رقم جمع کریں، آپ کو ایک بار 100 روپے۔",
    },
    period: "once",
    condition: "referred_depositors",
    category: null,
    target: "2",
    reward_kind: "cash",
    reward_amount: rs(100),
    turnover_multiple: 0,
    mission_points: 50,
  },
] as const;

/** Returns whether anything was added. */
export async function seedDemoMissions(db: Database): Promise<boolean> {
  const added = await db
    .insertInto("missions")
    .values(
      DEMO_MISSIONS.map((mission, index) => ({
        ...mission,
        names: JSON.stringify(mission.names),
        descriptions: JSON.stringify(mission.descriptions),
        sort: index,
      })),
    )
    .onConflict((oc) => oc.column("code").doNothing())
    .returning("id")
    .execute();
  return added.length > 0;
}
