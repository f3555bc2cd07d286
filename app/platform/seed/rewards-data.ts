import type { PromotionFormValues } from "../rewards/promotion-input";

/**
 * The demo brand's promotions, one of each kind (issue 14), in EN and UR.
 * Money in minor units of PKR (Rs 500 = 50000); times relative to the
 * seeding moment (days).
 */
export interface SeedPromotion {
  input: (at: (days: number) => string) => PromotionFormValues;
  status: "published" | "closed";
}

const rules = (en: string[], ur: string[]) => ({
  en: `<ul>${en.map((line) => `<li>${line}</li>`).join("")}</ul>`,
  ur: `<ul>${ur.map((line) => `<li>${line}</li>`).join("")}</ul>`,
});

export const SEED_PROMOTIONS: SeedPromotion[] = [
  {
    status: "published",
    input: (at) => ({
      code: "welcome-match",
      category: "deposit",
      kind: "first_deposit",
      claimMode: "join_claim",
      titles: {
        en: "100% first deposit bonus up to Rs 500",
        ur: "پہلے ڈپازٹ پر 100% بونس، Rs 500 تک",
      },
      rulesHtml: rules(
        [
          "Join, then make your first deposit of at least Rs 100.",
          "Wager the bonus 10 times: slots count 100 %, sports 50 %, live casino 10 %, other games 0 %.",
          "Maximum bet Rs 50 while the bonus is wagered. The bonus expires after 7 days.",
          "A withdrawal before the turnover is met forfeits the bonus.",
        ],
        [
          "شامل ہوں، پھر کم از کم Rs 100 کا پہلا ڈپازٹ کریں۔",
          "بونس کو 10 بار کھیلیں: سلاٹس 100%، اسپورٹس 50%، لائیو کیسینو 10%، دیگر گیمز 0%۔",
          "بونس کھیلنے کے دوران زیادہ سے زیادہ شرط Rs 50۔ بونس 7 دن بعد ختم ہو جاتا ہے۔",
          "ٹرن اوور پورا ہونے سے پہلے رقم نکالنے پر بونس ضبط ہو جاتا ہے۔",
        ],
      ),
      startsAt: at(-30),
      rewardBps: 10_000,
      rewardCap: 50_000,
      minDeposit: 10_000,
      turnoverMultiple: 1_000,
      contributions: { RNG: 100, SPORTS: 50, LIVE: 10 },
      contributionDefault: 0,
      maxBet: 5_000,
      maxBetRule: "refuse",
      expiryHours: 168,
      withdrawalRule: "forfeit",
      sort: 1,
    }),
  },
  {
    status: "published",
    input: (at) => ({
      code: "daily-reload",
      category: "deposit",
      kind: "reload",
      claimMode: "automatic",
      period: "D",
      titles: { en: "Daily 20% reload bonus", ur: "روزانہ 20% ری لوڈ بونس" },
      rulesHtml: rules(
        [
          "Your first deposit of at least Rs 100 each day earns 20 % up to Rs 200, at once.",
          "Wager the bonus 5 times before withdrawing: withdrawals wait until it is done.",
        ],
        [
          "ہر روز کم از کم Rs 100 کے پہلے ڈپازٹ پر فوراً 20% بونس، Rs 200 تک۔",
          "رقم نکالنے سے پہلے بونس کو 5 بار کھیلیں: تب تک رقم نکالنا ممکن نہیں۔",
        ],
      ),
      startsAt: at(-30),
      rewardBps: 2_000,
      rewardCap: 20_000,
      minDeposit: 10_000,
      minDeposits: 1,
      turnoverMultiple: 500,
      withdrawalRule: "refuse",
      expiryHours: 48,
      sort: 2,
    }),
  },
  {
    status: "published",
    input: (at) => ({
      code: "welcome-gift",
      category: "newPlayer",
      kind: "registration",
      claimMode: "automatic",
      titles: { en: "Rs 50 welcome gift", ur: "Rs 50 خوش آمدید تحفہ" },
      rulesHtml: rules(
        ["Every new member gets Rs 50 on registration, no turnover."],
        ["ہر نئے ممبر کو رجسٹریشن پر Rs 50 ملتے ہیں، کوئی ٹرن اوور نہیں۔"],
      ),
      startsAt: at(-30),
      rewardFixed: 5_000,
      sort: 3,
    }),
  },
  {
    status: "published",
    input: (at) => ({
      code: "weekly-cashback",
      category: "rebate",
      kind: "cashback",
      claimMode: "automatic",
      period: "W",
      titles: { en: "5% weekly cashback", ur: "5% ہفتہ وار کیش بیک" },
      rulesHtml: rules(
        ["Every Monday: 5 % of last week's net loss, up to Rs 1,000."],
        ["ہر پیر: پچھلے ہفتے کے خالص نقصان کا 5%، Rs 1,000 تک۔"],
      ),
      startsAt: at(-30),
      rewardBps: 500,
      rewardCap: 100_000,
      sort: 4,
    }),
  },
  {
    status: "published",
    input: (at) => ({
      code: "live-daily-cashback",
      category: "live",
      kind: "cashback",
      claimMode: "automatic",
      period: "D",
      titles: { en: "3% daily cashback", ur: "3% روزانہ کیش بیک" },
      rulesHtml: rules(
        ["Every day: 3 % of yesterday's net loss, up to Rs 200."],
        ["ہر روز: کل کے خالص نقصان کا 3%، Rs 200 تک۔"],
      ),
      startsAt: at(-1),
      rewardBps: 300,
      rewardCap: 20_000,
      sort: 5,
    }),
  },
  {
    status: "published",
    input: (at) => ({
      code: "lucky-envelope",
      category: "other",
      kind: "red_envelope",
      claimMode: "automatic",
      period: "D",
      titles: { en: "Daily lucky red envelope", ur: "روزانہ خوش قسمت سرخ لفافہ" },
      rulesHtml: rules(
        ["Open one envelope a day: Rs 1 to Rs 50, while today's Rs 1,000 lasts."],
        ["روزانہ ایک لفافہ کھولیں: Rs 1 سے Rs 50 تک، جب تک آج کے Rs 1,000 باقی ہیں۔"],
      ),
      startsAt: at(-30),
      envelopeBudget: 100_000,
      envelopeMin: 100,
      envelopeMax: 5_000,
      sort: 6,
    }),
  },
  {
    status: "published",
    input: (at) => ({
      code: "vip-apply",
      category: "rank",
      kind: "apply",
      claimMode: "apply",
      titles: { en: "Apply for a VIP transfer bonus", ur: "VIP ٹرانسفر بونس کے لیے درخواست دیں" },
      rulesHtml: rules(
        [
          "Coming from another site? Send a screenshot of your VIP level there.",
          "We review every application within 24 hours.",
        ],
        [
          "کسی اور سائٹ سے آ رہے ہیں؟ وہاں اپنے VIP لیول کا اسکرین شاٹ بھیجیں۔",
          "ہم ہر درخواست کا 24 گھنٹوں میں جائزہ لیتے ہیں۔",
        ],
      ),
      startsAt: at(-30),
      sort: 7,
    }),
  },
  {
    status: "published",
    input: (at) => ({
      code: "slots-weekend",
      category: "slots",
      kind: "reload",
      claimMode: "join_claim",
      period: "D",
      titles: { en: "Slots weekend: 50% reload", ur: "سلاٹس ویک اینڈ: 50% ری لوڈ" },
      rulesHtml: rules(
        ["Starts soon: 50 % of a deposit up to Rs 300, slots only."],
        ["جلد شروع ہو رہا ہے: ڈپازٹ کا 50%، Rs 300 تک، صرف سلاٹس۔"],
      ),
      showsFrom: at(-1),
      startsAt: at(3),
      endsAt: at(5),
      rewardBps: 5_000,
      rewardCap: 30_000,
      turnoverMultiple: 800,
      contributions: { RNG: 100 },
      contributionDefault: 0,
      sort: 8,
    }),
  },
  {
    status: "closed",
    input: (at) => ({
      code: "cricket-final",
      category: "sport",
      kind: "reload",
      claimMode: "join_claim",
      titles: { en: "Cricket final reload", ur: "کرکٹ فائنل ری لوڈ" },
      rulesHtml: rules(["This promotion has ended."], ["یہ پروموشن ختم ہو چکی ہے۔"]),
      startsAt: at(-40),
      endsAt: at(-5),
      rewardBps: 3_000,
      rewardCap: 30_000,
      turnoverMultiple: 300,
      contributions: { SPORTS: 100 },
      contributionDefault: 0,
      sort: 9,
    }),
  },
];

/** Demo members showing promotion states (password Player123), set up through the platform's own calls. */
export const PROMO_ACCOUNTS = [
  "promo01",
  "promo02",
  "promo03",
  "promo04",
  "promo05",
  "promo06",
] as const;
