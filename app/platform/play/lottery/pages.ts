/**
 * The three lottery pages and the vendors each one plays (launched by
 * vassalage: LOTT and ELOTT → /lottery, TCG_SEA → /seaLottery,
 * TCG_LOTTO_VN → /vnLottery).
 */
export const LOTTERY_PAGES = {
  lottery: { path: "/lottery", vendors: ["LOTT", "ELOTT"] },
  seaLottery: { path: "/seaLottery", vendors: ["TCG_SEA"] },
  vnLottery: { path: "/vnLottery", vendors: ["TCG_LOTTO_VN"] },
} as const satisfies Record<string, { path: string; vendors: readonly string[] }>;

export type LotteryPageName = keyof typeof LOTTERY_PAGES;

/** Every vendor the demo lottery draws for. */
export const LOTTERY_VENDORS: readonly string[] = Object.values(LOTTERY_PAGES).flatMap(
  (page) => page.vendors,
);

/** The lanes (stored categories) lottery games live in. */
export const LOTTERY_CATEGORIES = ["LOTT", "ELOTT"] as const;
