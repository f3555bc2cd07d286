import { CATEGORIES } from "../catalog/categories";
import type { RebateLine } from "../db/schema";
import type { WalletPolicy } from "../wallet/policy";

/**
 * The arithmetic of VIP levels and the manual rebate (ADR 16), free of the
 * database so the routes, the platform and the tests share one version.
 * Money is minor units: bigint in arithmetic, decimal strings in data that
 * crosses to the browser.
 */

export type { RebateLine };

/** Game categories, in the order the rates table lists them. */
export const REBATE_CATEGORIES = CATEGORIES;

/** A member may claim a rebate once a minute (ADR 16). */
export const REBATE_INTERVAL_SECONDS = 60;

/** 10000 basis points = 100 %. */
export const FULL_RATE_BPS = 10_000;

export interface VipLevel {
  /** 0 = no VIP (base rates and limits, if the brand sets them). */
  level: number;
  /** The level's label (vipLabelName) per language. */
  names: Record<string, string>;
  minDeposits: string;
  minValidBets: string;
  upgradeBonus: string;
  /** Null: the brand's withdraw policy. */
  withdrawDailyCount: number | null;
  withdrawMax: string | null;
  /** Basis points per category; a category not named pays nothing. */
  rates: Record<string, number>;
}

/** Deposits and valid bets over the brand's rolling window. */
export interface RollingFigures {
  deposits: bigint;
  validBets: bigint;
}

/** The label in the reader's language, else English, else none. */
export function levelName(level: Pick<VipLevel, "names"> | undefined, language: string) {
  return level?.names[language] ?? level?.names.en ?? null;
}

const meets = (level: VipLevel, figures: RollingFigures) =>
  figures.deposits >= BigInt(level.minDeposits) && figures.validBets >= BigInt(level.minValidBets);

/** The highest level whose two thresholds the figures meet (0 when none). */
export function targetLevel(levels: readonly VipLevel[], figures: RollingFigures): number {
  let target = 0;
  for (const level of levels)
    if (level.level > target && meets(level, figures)) target = level.level;
  return target;
}

/** Rounded down: the house never pays a fraction of a minor unit. */
export function rebateAmount(validBet: bigint, rateBps: number): bigint {
  return (validBet * BigInt(rateBps)) / BigInt(FULL_RATE_BPS);
}

/** One line per category with a rate or a valid bet, in category order, and the sum of what they pay. */
export function rebateLines(validBets: ReadonlyMap<string, bigint>, rates: Record<string, number>) {
  const lines: RebateLine[] = [];
  let validBet = 0n;
  let amount = 0n;
  for (const category of REBATE_CATEGORIES) {
    const bet = validBets.get(category) ?? 0n;
    const rateBps = rates[category] ?? 0;
    if (bet === 0n && rateBps === 0) continue;
    const pays = rebateAmount(bet, rateBps);
    lines.push({ category, validBet: bet.toString(), rateBps, amount: pays.toString() });
    validBet += bet;
    amount += pays;
  }
  return { lines, validBet, amount };
}

/** The withdraw route's policy for a member: the level's daily count and maximum replace the brand's. */
export function withdrawPolicyFor(
  policy: WalletPolicy,
  level: Pick<VipLevel, "withdrawDailyCount" | "withdrawMax"> | undefined,
): WalletPolicy {
  if (!level) return policy;
  const { min, max, dailyCount } = policy.withdraw;
  return {
    ...policy,
    withdraw: {
      min,
      // A level never makes the range empty.
      max: level.withdrawMax === null ? max : Math.max(min, Number(level.withdrawMax)),
      dailyCount: level.withdrawDailyCount ?? dailyCount,
    },
  };
}

/** How far the figures are towards the level above `current` (none above: null). */
export function progressToNext(
  levels: readonly VipLevel[],
  current: number,
  figures: RollingFigures,
) {
  const next = levels.filter((level) => level.level > current).sort((a, b) => a.level - b.level)[0];
  if (!next) return null;
  return {
    level: next.level,
    names: next.names,
    deposits: { have: figures.deposits.toString(), need: next.minDeposits },
    validBets: { have: figures.validBets.toString(), need: next.minValidBets },
  };
}
