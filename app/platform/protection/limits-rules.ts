/** The kinds, periods and bounds of player protection limits (issue 17, ADR 20); no database here. */

export const LIMIT_KINDS = ["deposit", "loss", "wager"] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

export const LIMIT_PERIODS = ["day", "week", "month"] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

const HOUR_MS = 3_600_000;

/** Rolling windows ending now: 24 hours, 7 days, 30 days. */
export const PERIOD_MS: Record<LimitPeriod, number> = {
  day: 24 * HOUR_MS,
  week: 7 * 24 * HOUR_MS,
  month: 30 * 24 * HOUR_MS,
};

/** A raise or removal waits this long before the member may confirm it. */
export const COOLING_OFF_MS = 24 * HOUR_MS;

/** Minor units; 10 million in the brand's currency is more than any member means to set. */
export const MAX_LIMIT_MINOR = 1_000_000_000n;

export const windowStart = (period: LimitPeriod, now: Date) =>
  new Date(now.getTime() - PERIOD_MS[period]);
