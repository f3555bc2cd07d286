import { fraction, type Fraction } from "./fraction";
import { intBelow, type RandomSource } from "./random";

/**
 * European roulette: one zero, 37 pockets drawn uniformly. Every bet pays as
 * at a real table (straight 35:1, dozen 2:1, the even chances 1:1) and loses
 * on zero, so each returns exactly 36/37 of its stake (97.297… %).
 */

export const POCKETS = 37;
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export const EVEN_CHANCES = ["red", "black", "odd", "even", "low", "high"] as const;
export type EvenChance = (typeof EVEN_CHANCES)[number];
export const BET_KINDS = ["straight", ...EVEN_CHANCES, "dozen"] as const;
export type RouletteBetKind = (typeof BET_KINDS)[number];

export type RouletteBet =
  { kind: "straight"; number: number } | { kind: EvenChance } | { kind: "dozen"; dozen: 1 | 2 | 3 };

export type PocketColour = "green" | "red" | "black";

export const colourOf = (pocket: number): PocketColour =>
  pocket === 0 ? "green" : RED.has(pocket) ? "red" : "black";

export function covers(bet: RouletteBet, pocket: number): boolean {
  if (bet.kind === "straight") return pocket === bet.number;
  if (pocket === 0) return false;
  switch (bet.kind) {
    case "red":
    case "black":
      return colourOf(pocket) === bet.kind;
    case "odd":
      return pocket % 2 === 1;
    case "even":
      return pocket % 2 === 0;
    case "low":
      return pocket <= 18;
    case "high":
      return pocket >= 19;
    case "dozen":
      return Math.ceil(pocket / 12) === bet.dozen;
  }
}

/** What a winning bet returns, stake included: 36 / pockets covered. */
export function returnMultiplier(bet: RouletteBet): bigint {
  return bet.kind === "straight" ? 36n : bet.kind === "dozen" ? 3n : 2n;
}

export function validRouletteBet(bet: RouletteBet): boolean {
  if (bet.kind === "straight")
    return Number.isInteger(bet.number) && bet.number >= 0 && bet.number < POCKETS;
  if (bet.kind === "dozen") return bet.dozen === 1 || bet.dozen === 2 || bet.dozen === 3;
  return (EVEN_CHANCES as readonly string[]).includes(bet.kind);
}

/** The exact return of a bet, counted over the 37 pockets. */
export function rouletteRtp(bet: RouletteBet): Fraction {
  let total = 0n;
  for (let pocket = 0; pocket < POCKETS; pocket++)
    if (covers(bet, pocket)) total += returnMultiplier(bet);
  return fraction(total, BigInt(POCKETS));
}

export interface RouletteOutcome {
  engine: "roulette";
  pocket: number;
  colour: PocketColour;
  bet: RouletteBet;
  won: boolean;
  stake: string;
  payout: string;
  /** Language-neutral: the pocket and its colour's initial ("17 B", "0 G"). */
  summary: string;
}

export function spinRoulette(
  source: RandomSource,
  bet: RouletteBet,
  stake: bigint,
): RouletteOutcome {
  if (!validRouletteBet(bet)) throw new RangeError(`invalid roulette bet ${JSON.stringify(bet)}`);
  if (stake <= 0n) throw new RangeError("roulette stake must be positive");
  const pocket = intBelow(source, POCKETS);
  const colour = colourOf(pocket);
  const won = covers(bet, pocket);
  return {
    engine: "roulette",
    pocket,
    colour,
    bet,
    won,
    stake: stake.toString(),
    payout: (won ? stake * returnMultiplier(bet) : 0n).toString(),
    summary: `${pocket} ${colour[0]!.toUpperCase()}`,
  };
}
