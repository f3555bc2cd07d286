import type { PromotionPeriod } from "./promotion-types";
import { dayIn } from "../calendar/date-range";
import { periodAt, type Period } from "../calendar/periods";

/**
 * A repeating promotion has one entry per member per period (a reload per
 * day, a red envelope per window, a cashback per week): the period's key is
 * part of the entry's unique key and of the ledger's idempotency key, so a
 * replay or a second scheduler finds it taken.
 */
export interface KeyedPeriod extends Period {
  key: string;
}

const FOREVER: Period = { start: new Date(0), end: new Date(8.64e15) };

export function promotionPeriod(
  period: PromotionPeriod,
  instant: Date,
  timeZone: string,
): KeyedPeriod {
  if (period === "once") return { key: "once", ...FOREVER };
  const { start, end } = periodAt(period, instant, timeZone);
  return { key: `${period}:${dayIn(timeZone, start)}`, start, end };
}
