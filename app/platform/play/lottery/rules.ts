/**
 * The demo lottery's games (lottery types 11x5, LF, LHC, PK10, SSC): how a
 * draw looks, what a member may bet on, the fixed odds of each bet kind and
 * its exact chance of winning, so that every bet kind's return to player is
 * known (and below 100%). Pure: the same module checks a selection in an
 * action, settles a bet and proves the RTP in tests.
 */

export const LOTTERY_TYPES = ["11x5", "LF", "LHC", "PK10", "SSC"] as const;
export type LotteryType = (typeof LOTTERY_TYPES)[number];

/** A probability or a return, exactly. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

const fraction = (num: number | bigint, den: number | bigint): Fraction => ({
  num: BigInt(num),
  den: BigInt(den),
});

/** How a draw's numbers are made: `count` numbers of min..max, with or without repeats. */
export interface DrawFormat {
  count: number;
  min: number;
  max: number;
  /** Without repeats (balls out of a drum), else each number on its own (digits). */
  distinct: boolean;
  /** LHC: the last number is the special one, drawn after the six main ones. */
  special: boolean;
}

/** What the member picks for a bet kind: numbers (in order where the order counts) or one named option. */
export type Pick =
  | {
      kind: "numbers";
      count: number;
      min: number;
      max: number;
      distinct: boolean;
      ordered: boolean;
    }
  | { kind: "option"; options: readonly string[] };

/** A checked selection: the numbers picked (in order where it counts), or the option. */
export type Selection = readonly number[] | string;

export interface BetKind {
  code: string;
  pick: Pick;
  /** Decimal odds in hundredths: a winning stake s pays s × odds / 100 (stake included). */
  odds: number;
  wins(selection: Selection, draw: readonly number[]): boolean;
  /** The exact chance that the selection wins on a fair draw. */
  chance(selection: Selection): Fraction;
}

export interface LotteryRules {
  type: LotteryType;
  draw: DrawFormat;
  kinds: readonly BetKind[];
}

const sum = (numbers: readonly number[]) => numbers.reduce((total, value) => total + value, 0);
const asNumbers = (selection: Selection) => (typeof selection === "string" ? [] : selection);
const sameOrder = (picked: readonly number[], drawn: readonly number[]) =>
  picked.every((value, index) => drawn[index] === value);
const numbersPick = (
  count: number,
  min: number,
  max: number,
  distinct: boolean,
  ordered: boolean,
): Pick => ({
  kind: "numbers",
  count,
  min,
  max,
  distinct,
  ordered,
});
const bigSmall = { kind: "option", options: ["big", "small"] } as const satisfies Pick;

/** Each number of a draw without repeats: the first k of a shuffled drum of n. */
function choose(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/**
 * SSC: five digits 0–9, each drawn on its own. A sum of 23 or more is big; the
 * digit-wise mirror (d → 9 − d) maps big sums onto small ones, so each is 1/2.
 */
const SSC: LotteryRules = {
  type: "SSC",
  draw: { count: 5, min: 0, max: 9, distinct: false, special: false },
  kinds: [
    {
      code: "first_digit",
      pick: numbersPick(1, 0, 9, false, true),
      odds: 980,
      wins: (selection, draw) => sameOrder(asNumbers(selection), draw),
      chance: () => fraction(1, 10),
    },
    {
      code: "last_two",
      pick: numbersPick(2, 0, 9, false, true),
      odds: 9700,
      wins: (selection, draw) => sameOrder(asNumbers(selection), draw.slice(3)),
      chance: () => fraction(1, 100),
    },
    {
      code: "front_three",
      pick: numbersPick(3, 0, 9, false, true),
      odds: 97_000,
      wins: (selection, draw) => sameOrder(asNumbers(selection), draw),
      chance: () => fraction(1, 1000),
    },
    {
      code: "sum_big_small",
      pick: bigSmall,
      odds: 196,
      wins: (selection, draw) => (sum(draw) >= 23 ? "big" : "small") === selection,
      chance: () => fraction(1, 2),
    },
  ],
};

/** LF (3D): three digits 0–9. Big is a sum of 14 or more; by the same mirror, 1/2. */
const LF: LotteryRules = {
  type: "LF",
  draw: { count: 3, min: 0, max: 9, distinct: false, special: false },
  kinds: [
    {
      code: "straight",
      pick: numbersPick(3, 0, 9, false, true),
      odds: 97_000,
      wins: (selection, draw) => sameOrder(asNumbers(selection), draw),
      chance: () => fraction(1, 1000),
    },
    {
      // The digit anywhere among the three: 1 − (9/10)³.
      code: "any_digit",
      pick: numbersPick(1, 0, 9, false, false),
      odds: 360,
      wins: (selection, draw) => draw.includes(asNumbers(selection)[0]!),
      chance: () => fraction(271, 1000),
    },
    {
      code: "sum_big_small",
      pick: bigSmall,
      odds: 196,
      wins: (selection, draw) => (sum(draw) >= 14 ? "big" : "small") === selection,
      chance: () => fraction(1, 2),
    },
  ],
};

/** 11x5: five different numbers of 1–11, in the order drawn. */
const ELEVEN_FIVE: LotteryRules = {
  type: "11x5",
  draw: { count: 5, min: 1, max: 11, distinct: true, special: false },
  kinds: [
    {
      code: "first",
      pick: numbersPick(1, 1, 11, true, true),
      odds: 1070,
      wins: (selection, draw) => sameOrder(asNumbers(selection), draw),
      chance: () => fraction(1, 11),
    },
    {
      code: "any_one",
      pick: numbersPick(1, 1, 11, true, false),
      odds: 215,
      wins: (selection, draw) => asNumbers(selection).every((value) => draw.includes(value)),
      chance: () => fraction(5, 11),
    },
    {
      // Both picks among the five: C(9,3) of the C(11,5) draws.
      code: "any_two",
      pick: numbersPick(2, 1, 11, true, false),
      odds: 540,
      wins: (selection, draw) => asNumbers(selection).every((value) => draw.includes(value)),
      chance: () => ({ num: choose(9, 3), den: choose(11, 5) }),
    },
    {
      code: "all_five",
      pick: numbersPick(5, 1, 11, true, false),
      odds: 45_000,
      wins: (selection, draw) => asNumbers(selection).every((value) => draw.includes(value)),
      chance: () => ({ num: 1n, den: choose(11, 5) }),
    },
  ],
};

/** PK10: the finishing order of ten cars, a permutation of 1–10. */
const PK10: LotteryRules = {
  type: "PK10",
  draw: { count: 10, min: 1, max: 10, distinct: true, special: false },
  kinds: [
    {
      code: "champion",
      pick: numbersPick(1, 1, 10, true, true),
      odds: 980,
      wins: (selection, draw) => sameOrder(asNumbers(selection), draw),
      chance: () => fraction(1, 10),
    },
    {
      code: "top_two",
      pick: numbersPick(2, 1, 10, true, true),
      odds: 8800,
      wins: (selection, draw) => sameOrder(asNumbers(selection), draw),
      chance: () => fraction(1, 90),
    },
    {
      // Cars 6–10 are big: five of ten.
      code: "champion_big_small",
      pick: bigSmall,
      odds: 196,
      wins: (selection, draw) => (draw[0]! >= 6 ? "big" : "small") === selection,
      chance: () => fraction(1, 2),
    },
    {
      // Dragon when the winner's number beats the last car's; never equal.
      code: "dragon_tiger",
      pick: { kind: "option", options: ["dragon", "tiger"] },
      odds: 196,
      wins: (selection, draw) => (draw[0]! > draw[9]! ? "dragon" : "tiger") === selection,
      chance: () => fraction(1, 2),
    },
  ],
};

/** LHC (Mark Six): six different numbers of 1–49, then a special one of the 43 left. */
const LHC: LotteryRules = {
  type: "LHC",
  draw: { count: 7, min: 1, max: 49, distinct: true, special: true },
  kinds: [
    {
      code: "special",
      pick: numbersPick(1, 1, 49, true, false),
      odds: 4800,
      wins: (selection, draw) => draw[6] === asNumbers(selection)[0],
      chance: () => fraction(1, 49),
    },
    {
      code: "main_any",
      pick: numbersPick(1, 1, 49, true, false),
      odds: 800,
      wins: (selection, draw) => draw.slice(0, 6).includes(asNumbers(selection)[0]!),
      chance: () => fraction(6, 49),
    },
    {
      // 25–49 are big (25 numbers), 1–24 small (24): the two sides differ, both pay the same.
      code: "special_big_small",
      pick: bigSmall,
      odds: 192,
      wins: (selection, draw) => (draw[6]! >= 25 ? "big" : "small") === selection,
      chance: (selection) => (selection === "big" ? fraction(25, 49) : fraction(24, 49)),
    },
  ],
};

const RULES: Record<LotteryType, LotteryRules> = { "11x5": ELEVEN_FIVE, LF, LHC, PK10, SSC };

export const rulesOf = (type: LotteryType): LotteryRules => RULES[type];

export function betKindOf(type: LotteryType, code: string): BetKind | null {
  return RULES[type].kinds.find((kind) => kind.code === code) ?? null;
}

export const isLotteryType = (value: string): value is LotteryType =>
  (LOTTERY_TYPES as readonly string[]).includes(value);

/**
 * The lottery type a game code plays. The seeded codes end in their place in
 * the vendor's list (`LOTT-0003`), and the seed names the games in
 * LOTTERY_TYPES order; a code that names its type (`…SSC…`) plays that type.
 */
export function lotteryTypeOf(gameCode: string): LotteryType {
  const upper = gameCode.toUpperCase();
  const named = LOTTERY_TYPES.find((type) =>
    new RegExp(`(^|[^A-Z0-9])${type.toUpperCase()}([^A-Z0-9]|$)`).test(upper),
  );
  if (named) return named;
  const place = /(\d+)$/.exec(gameCode);
  if (place)
    return LOTTERY_TYPES[(Number(place[1]) + LOTTERY_TYPES.length - 1) % LOTTERY_TYPES.length]!;
  let hash = 0;
  for (const char of gameCode) hash = (hash * 31 + char.charCodeAt(0)) % 9973;
  return LOTTERY_TYPES[hash % LOTTERY_TYPES.length]!;
}

/**
 * Checks what a bet form sent (one value per picked number, or the option)
 * against the bet kind. Numbers that count in any order come back sorted, so
 * equal bets read the same. Null when the selection is not valid.
 */
export function parseSelection(kind: BetKind, raw: readonly string[]): Selection | null {
  const { pick } = kind;
  if (pick.kind === "option")
    return raw.length === 1 && pick.options.includes(raw[0]!) ? raw[0]! : null;
  if (raw.length !== pick.count) return null;
  const numbers: number[] = [];
  for (const text of raw) {
    if (!/^\d{1,2}$/.test(text.trim())) return null;
    const value = Number(text.trim());
    if (value < pick.min || value > pick.max) return null;
    numbers.push(value);
  }
  if (pick.distinct && new Set(numbers).size !== numbers.length) return null;
  return pick.ordered ? numbers : [...numbers].sort((a, b) => a - b);
}

/** A selection as it is stored on the bet and shown: "3 7" or "big". */
export const selectionText = (selection: Selection) =>
  typeof selection === "string" ? selection : selection.join(" ");

/** Reads a stored selection back (the inverse of selectionText). */
export function selectionFromText(kind: BetKind, text: string): Selection | null {
  return parseSelection(
    kind,
    kind.pick.kind === "option" ? [text] : text.split(" ").filter(Boolean),
  );
}

/** What a bet pays: stake × odds, rounded down to the minor unit, or 0. */
export function payoutOf(
  kind: BetKind,
  selection: Selection,
  draw: readonly number[],
  stake: bigint,
  odds = kind.odds,
): bigint {
  return kind.wins(selection, draw) ? (stake * BigInt(odds)) / 100n : 0n;
}

/**
 * The selections that differ in chance: every option of an option pick, one
 * pick for a numbers pick (all numbers are alike in these games).
 */
export function selectionClasses(kind: BetKind): Selection[] {
  if (kind.pick.kind === "option") return [...kind.pick.options];
  const { count, min } = kind.pick;
  return [Array.from({ length: count }, (_, index) => min + index)];
}

/** The exact return to player of a selection: chance × odds. */
export function returnOf(kind: BetKind, selection: Selection): Fraction {
  const chance = kind.chance(selection);
  return { num: chance.num * BigInt(kind.odds), den: chance.den * 100n };
}

/** The bet kind's RTP: its best selection's return. */
export function rtpOf(kind: BetKind): Fraction {
  return selectionClasses(kind)
    .map((selection) => returnOf(kind, selection))
    .reduce((best, next) => (next.num * best.den > best.num * next.den ? next : best));
}

/** A fraction in percent with two decimals, for labels ("97.96"). */
export function percentText(value: Fraction): string {
  const basisPoints = (value.num * 10_000n) / value.den;
  return `${basisPoints / 100n}.${(basisPoints % 100n).toString().padStart(2, "0")}`;
}

/** Decimal odds as shown ("1.96"). */
export const oddsText = (odds: number) =>
  `${Math.floor(odds / 100)}.${String(odds % 100).padStart(2, "0")}`;
