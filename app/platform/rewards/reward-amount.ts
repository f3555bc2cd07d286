/**
 * What a promotion pays and what its bonus must be wagered for, pure, in
 * minor units (rounded down: the house never pays a fraction it did not promise).
 */
export interface RewardTerms {
  rewardFixed: bigint | null;
  /** Basis points (10000 = 100 %) of the base, up to `rewardCap`. */
  rewardBps: number | null;
  rewardCap: bigint | null;
  /** ×100: 1000 is ten times. */
  turnoverMultiple: number;
  turnoverBase: "bonus" | "bonus_deposit";
}

/** The reward on `base` (a deposit, a net loss); 0 when there is nothing to pay. */
export function rewardOn(terms: RewardTerms, base: bigint): bigint {
  if (terms.rewardFixed !== null) return terms.rewardFixed;
  if (terms.rewardBps === null || base <= 0n) return 0n;
  const share = (base * BigInt(terms.rewardBps)) / 10_000n;
  return terms.rewardCap !== null && share > terms.rewardCap ? terms.rewardCap : share;
}

/** The turnover a bonus of `amount` needs (0: paid straight to the main wallet). */
export function turnoverRequired(terms: RewardTerms, amount: bigint, deposit: bigint): bigint {
  const base = terms.turnoverBase === "bonus_deposit" ? amount + deposit : amount;
  return (base * BigInt(terms.turnoverMultiple)) / 100n;
}

/** Percent of a bet's valid bet that counts for its game category. */
export function contributionOf(
  rules: { contributions: Record<string, number>; contributionDefault: number },
  category: string,
): number {
  return rules.contributions[category] ?? rules.contributionDefault;
}
