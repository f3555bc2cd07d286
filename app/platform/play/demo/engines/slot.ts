import { add, compare, div, equals, fraction, mul, sub, type Fraction } from "./fraction";
import { chance, intBelow, type RandomSource } from "./random";

/**
 * The demo slot: 5 reels × 3 rows, 25 fixed paylines paid left to right
 * (3, 4 or 5 in a row), one wild that stands in for every symbol and pays on
 * its own. A design has two reel sets over one paytable: a "rich" set that
 * returns more than any target and a "lean" one that returns less. Each spin
 * first picks the set — rich with the probability that makes the mix return
 * exactly the variant's configured RTP — then stops each reel uniformly.
 * Nothing depends on the member, the stake or earlier spins: the RTP below
 * is the game's, computed from the strips, not measured.
 */

export const REELS = 5;
export const ROWS = 3;

/** Row (0 top … 2 bottom) of each reel, for the 25 paylines in their published order. */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 2, 1, 0, 1],
  [1, 0, 1, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2],
  [1, 0, 2, 0, 1],
  [1, 2, 0, 2, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
];
export const LINES = PAYLINES.length;

export interface SlotDesign {
  id: string;
  /** Symbol codes (language-neutral; the page names them through demoGame.symbols.<code>). */
  symbols: readonly string[];
  wild: string;
  /** Pay of 3, 4 and 5 in a row, in line bets (the stake is split evenly over the 25 lines). */
  pays: Readonly<Record<string, readonly [number, number, number]>>;
  /** One strip per reel, symbol codes in order; the window shows three consecutive stops. */
  reelSets: { rich: readonly string[][]; lean: readonly string[][] };
}

export interface SlotVariant {
  /** Stable id, stored with every round (engine `slot:<id>`): the strips behind it never change. */
  id: string;
  design: SlotDesign;
  /** The configured RTP. */
  rtp: Fraction;
}

export interface SlotWin {
  /** 1-based payline number. */
  line: number;
  symbol: string;
  count: number;
  /** Minor units. */
  pay: string;
}

export interface SlotOutcome {
  engine: "slot";
  variant: string;
  reelSet: "rich" | "lean";
  stops: number[];
  /** rows[row][reel], symbol codes. */
  rows: string[][];
  wins: SlotWin[];
  stake: string;
  payout: string;
  /** Language-neutral: the best win ("5×W", "3×7 +2" with two more lines) or "–". */
  summary: string;
}

interface Compiled {
  design: SlotDesign;
  wild: number;
  /** pays[symbol][count] in line bets (0 below 3). */
  pays: number[][];
  rich: number[][];
  lean: number[][];
}

const compiledDesigns = new Map<string, Compiled>();

function compile(design: SlotDesign): Compiled {
  let compiled = compiledDesigns.get(design.id);
  if (compiled?.design === design) return compiled;
  const index = new Map(design.symbols.map((symbol, at) => [symbol, at]));
  const strips = (set: readonly string[][]) => {
    if (set.length !== REELS) throw new Error(`${design.id}: ${REELS} reels expected`);
    return set.map((strip) =>
      strip.map((symbol) => {
        const at = index.get(symbol);
        if (at === undefined) throw new Error(`${design.id}: unknown symbol ${symbol}`);
        return at;
      }),
    );
  };
  compiled = {
    design,
    wild: index.get(design.wild)!,
    pays: design.symbols.map((symbol) => {
      const [three, four, five] = design.pays[symbol] ?? [0, 0, 0];
      return [0, 0, 0, three, four, five];
    }),
    rich: strips(design.reelSets.rich),
    lean: strips(design.reelSets.lean),
  };
  compiledDesigns.set(design.id, compiled);
  return compiled;
}

/**
 * The pay of one line (symbol indices, reel 1 first): the longest run from
 * the left of one symbol, wilds standing in; a run of wilds alone pays as
 * wilds when that is worth more.
 */
function linePay(
  compiled: Compiled,
  line: ArrayLike<number>,
): { symbol: number; count: number; pay: number } | null {
  const { wild, pays } = compiled;
  let wilds = 0;
  while (wilds < REELS && line[wilds] === wild) wilds++;
  const wildPay = pays[wild]![wilds] ?? 0;
  if (wilds === REELS) return { symbol: wild, count: REELS, pay: wildPay };
  const symbol = line[wilds]!;
  let count = wilds + 1;
  while (count < REELS && (line[count] === symbol || line[count] === wild)) count++;
  const symbolPay = pays[symbol]![count] ?? 0;
  if (wildPay === 0 && symbolPay === 0) return null;
  return wildPay > symbolPay
    ? { symbol: wild, count: wilds, pay: wildPay }
    : { symbol, count, pay: symbolPay };
}

/**
 * The exact return of one line bet on a reel set: every combination of
 * symbols (one per reel) weighted by how many stops show it. Every line
 * sees each reel's symbols with the strip's frequencies, so this is also the
 * return of the whole 25-line stake.
 */
function reelSetReturn(compiled: Compiled, set: number[][]): Fraction {
  const symbolCount = compiled.design.symbols.length;
  const counts = set.map((strip) => {
    const perSymbol = new Array<number>(symbolCount).fill(0);
    for (const symbol of strip) perSymbol[symbol]!++;
    return perSymbol;
  });
  const line = new Array<number>(REELS).fill(0);
  let total = 0n;
  const walk = (reel: number, weight: bigint) => {
    if (reel === REELS) {
      const win = linePay(compiled, line);
      if (win) total += weight * BigInt(win.pay);
      return;
    }
    for (let symbol = 0; symbol < symbolCount; symbol++) {
      const count = counts[reel]![symbol]!;
      if (count === 0) continue;
      line[reel] = symbol;
      walk(reel + 1, weight * BigInt(count));
    }
  };
  walk(0, 1n);
  const stops = set.reduce((product, strip) => product * BigInt(strip.length), 1n);
  return fraction(total, stops);
}

export interface SlotMath {
  rich: Fraction;
  lean: Fraction;
  /** Probability of the rich reel set. */
  richChance: Fraction;
  /** The variant's RTP as the strips give it: richChance·rich + (1 − richChance)·lean. */
  rtp: Fraction;
}

/** The exact return of each reel set of a design. */
export function reelSetReturns(design: SlotDesign): { rich: Fraction; lean: Fraction } {
  const compiled = compile(design);
  return {
    rich: reelSetReturn(compiled, compiled.rich),
    lean: reelSetReturn(compiled, compiled.lean),
  };
}

const mathCache = new Map<SlotVariant, SlotMath>();

/** The exact mathematics of a variant; throws when its target lies outside what its two reel sets can mix. */
export function slotMath(variant: SlotVariant): SlotMath {
  const cached = mathCache.get(variant);
  if (cached) return cached;
  const { rich, lean } = reelSetReturns(variant.design);
  if (compare(lean, variant.rtp) > 0 || compare(variant.rtp, rich) > 0) {
    throw new Error(
      `slot ${variant.id}: target RTP outside [${lean.num}/${lean.den}, ${rich.num}/${rich.den}]`,
    );
  }
  // One reel set only (both the same): nothing to mix.
  const richChance = equals(rich, lean)
    ? fraction(1n, 1n)
    : div(sub(variant.rtp, lean), sub(rich, lean));
  const rtp = add(mul(richChance, rich), mul(sub(fraction(1n, 1n), richChance), lean));
  const math = { rich, lean, richChance, rtp };
  mathCache.set(variant, math);
  return math;
}

/** Stakes must split evenly over the lines so every pay is whole minor units. */
export const validSlotStake = (stake: bigint) => stake > 0n && stake % BigInt(LINES) === 0n;

export function spinSlot(variant: SlotVariant, source: RandomSource, stake: bigint): SlotOutcome {
  if (!validSlotStake(stake))
    throw new RangeError(`slot stake ${stake} is not a positive multiple of ${LINES}`);
  const compiled = compile(variant.design);
  const { richChance } = slotMath(variant);
  const rich = chance(source, richChance.num, richChance.den);
  const set = rich ? compiled.rich : compiled.lean;
  const stops = set.map((strip) => intBelow(source, strip.length));
  const grid: number[][] = [];
  for (let row = 0; row < ROWS; row++) {
    grid.push(set.map((strip, reel) => strip[(stops[reel]! + row) % strip.length]!));
  }
  const lineBet = stake / BigInt(LINES);
  const symbols = variant.design.symbols;
  const wins: SlotWin[] = [];
  const line = new Array<number>(REELS);
  let total = 0n;
  let best: SlotWin | null = null;
  let bestPay = 0;
  for (let at = 0; at < LINES; at++) {
    const rows = PAYLINES[at]!;
    for (let reel = 0; reel < REELS; reel++) line[reel] = grid[rows[reel]!]![reel]!;
    const win = linePay(compiled, line);
    if (!win) continue;
    const pay = lineBet * BigInt(win.pay);
    total += pay;
    const entry = {
      line: at + 1,
      symbol: symbols[win.symbol]!,
      count: win.count,
      pay: pay.toString(),
    };
    wins.push(entry);
    if (win.pay > bestPay) [best, bestPay] = [entry, win.pay];
  }
  const summary = best
    ? `${best.count}×${best.symbol}${wins.length > 1 ? ` +${wins.length - 1}` : ""}`
    : "–";
  return {
    engine: "slot",
    variant: variant.id,
    reelSet: rich ? "rich" : "lean",
    stops,
    rows: grid.map((row) => row.map((symbol) => symbols[symbol]!)),
    wins,
    stake: stake.toString(),
    payout: total.toString(),
    summary,
  };
}
