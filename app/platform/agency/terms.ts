import * as z from "zod/v4";
import type { ContractKind } from "../db/schema";

/**
 * Contract terms by kind. Rates are basis points (10000 = 100 %), money
 * amounts minor units; a threshold of 0 means none.
 *  - dividend: a share of the team's net loss over the period (players'
 *    stakes − payouts − the bonuses credited to the team), paid when the
 *    team's valid bet, net loss and active members reach the thresholds;
 *  - daily and hourly wage: a share of the team's valid bet of the day or
 *    hour, paid when it reaches the bet amount;
 *  - real-time salary: a share of the valid bet of each settled bet of at
 *    least the single bet amount, at the profit rate when the player won and
 *    the loss rate when the player lost.
 */
const rate = z.number().int().min(0).max(10_000);
const money = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const termsSchemas = {
  DIVIDEND: z.object({
    rate,
    minValidBet: money,
    minProfitLoss: money,
    minActiveMembers: z.number().int().min(0).max(1_000_000),
  }),
  DAILY: z.object({ rate, minValidBet: money }),
  HOURLY: z.object({ rate, minValidBet: money }),
  REALTIME: z.object({ profitRate: rate, lossRate: rate, minSingleBet: money }),
} as const;

export type DividendTerms = z.infer<typeof termsSchemas.DIVIDEND>;
export type WageTerms = z.infer<typeof termsSchemas.DAILY>;
export type RealtimeTerms = z.infer<typeof termsSchemas.REALTIME>;
export type ContractTerms = DividendTerms | WageTerms | RealtimeTerms;

export function parseTerms(kind: ContractKind, terms: unknown): ContractTerms {
  return termsSchemas[kind].parse(terms);
}

/** The rates of a contract, the figures the caps and the lower-rate rule compare. */
export function ratesOf(terms: ContractTerms): number[] {
  return "rate" in terms ? [terms.rate] : [terms.profitRate, terms.lossRate];
}

/** Some rate of `offer` lies below the same rate of `current`. */
export function isLowerRate(offer: ContractTerms, current: ContractTerms): boolean {
  const [a, b] = [ratesOf(offer), ratesOf(current)];
  return a.some((value, index) => value < (b[index] ?? 0));
}

/** No rate of `terms` is above `cap`. */
export function withinCap(terms: ContractTerms, cap: number[] | number): boolean {
  const caps = typeof cap === "number" ? ratesOf(terms).map(() => cap) : cap;
  return ratesOf(terms).every((value, index) => value <= (caps[index] ?? -1));
}

export const CONTRACT_KINDS = [
  "DIVIDEND",
  "DAILY",
  "HOURLY",
  "REALTIME",
] as const satisfies readonly ContractKind[];
