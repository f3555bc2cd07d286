/**
 * How a round's payout is told (issue 17): a payout below the stake is no
 * win, it is part of the stake coming back ("returned X of Y").
 */
export function payoutKind(stake: string | bigint, payout: string | bigint) {
  const paid = BigInt(payout);
  if (paid === 0n) return "loss" as const;
  return paid < BigInt(stake) ? ("returned" as const) : ("win" as const);
}
