import { describe, expect, test } from "vitest";
import { engineFor, engineRtp, playEngine, stakeOptions } from "~/platform/play/demo/engines";
import { basisPoints, equals, fraction, toNumber } from "~/platform/play/demo/engines/fraction";
import {
  BET_KINDS,
  POCKETS,
  rouletteRtp,
  spinRoulette,
  type RouletteBet,
} from "~/platform/play/demo/engines/roulette";
import {
  LINES,
  PAYLINES,
  reelSetReturns,
  slotMath,
  spinSlot,
} from "~/platform/play/demo/engines/slot";
import {
  HARBOUR_CLASSIC,
  SLOT_VARIANTS,
  slotVariant,
} from "~/platform/play/demo/engines/slot-variants";
import { fairSource } from "~/platform/play/demo/fair";

/**
 * The demo games' return to player: exact from the strips and paytable (no
 * simulation involved), and a million rounds on the provably fair RNG land
 * where the mathematics says.
 */

const SERVER_SEED = "rtp-test-server-seed-0001";
const CLIENT_SEED = "rtp-test";

describe("demo slot mathematics", () => {
  test("25 distinct paylines over 5 reels × 3 rows", () => {
    expect(LINES).toBe(25);
    expect(new Set(PAYLINES.map((line) => line.join(""))).size).toBe(25);
    for (const line of PAYLINES) {
      expect(line).toHaveLength(5);
      for (const row of line) expect([0, 1, 2]).toContain(row);
    }
  });

  test("each variant's analytic RTP is exactly its configured target, mixed from a richer and a leaner reel set", () => {
    const { rich, lean } = reelSetReturns(HARBOUR_CLASSIC);
    // Exact values of the strips (line pays × stops / 30^5): a change of a strip or a pay shows here.
    expect(rich).toEqual(fraction(26_188_225n, 24_300_000n));
    expect(lean).toEqual(fraction(22_754_638n, 24_300_000n));
    expect(SLOT_VARIANTS.map((variant) => variant.id)).toEqual([
      "classic-94",
      "classic-96",
      "classic-97",
    ]);
    for (const [variant, target] of SLOT_VARIANTS.map(
      (variant, at) => [variant, [9400, 9600, 9700][at]!] as const,
    )) {
      const math = slotMath(variant);
      expect(equals(variant.rtp, basisPoints(target))).toBe(true);
      expect(equals(math.rtp, basisPoints(target))).toBe(true);
      expect(math.richChance.num > 0n && math.richChance.num < math.richChance.den).toBe(true);
      expect(equals(engineRtp(`slot:${variant.id}`), basisPoints(target))).toBe(true);
    }
  });

  test("10^6 spins of the 96 % variant on the fair RNG return within ±0.5 % of 96 %", () => {
    const variant = slotVariant("classic-96")!;
    const stake = 2_500n;
    let staked = 0n;
    let paid = 0n;
    let hits = 0;
    for (let nonce = 0; nonce < 1_000_000; nonce++) {
      const outcome = spinSlot(variant, fairSource(SERVER_SEED, CLIENT_SEED, nonce), stake);
      staked += stake;
      paid += BigInt(outcome.payout);
      if (outcome.wins.length) hits++;
    }
    const rtp = Number((paid * 1_000_000n) / staked) / 1_000_000;
    expect(Math.abs(rtp - 0.96)).toBeLessThanOrEqual(0.005);
    // Modest volatility: most spins pay something.
    expect(hits / 1_000_000).toBeGreaterThan(0.6);
  }, 60_000);

  test("the 94 % and 97 % variants land near their targets too (2·10^5 spins each)", () => {
    for (const [id, target] of [
      ["classic-94", 0.94],
      ["classic-97", 0.97],
    ] as const) {
      const variant = slotVariant(id)!;
      let paid = 0n;
      for (let nonce = 0; nonce < 200_000; nonce++)
        paid += BigInt(spinSlot(variant, fairSource(SERVER_SEED, id, nonce), 100n).payout);
      expect(Math.abs(Number(paid) / (200_000 * 100) - target)).toBeLessThan(0.01);
    }
  }, 60_000);

  test("a spin pays its winning lines in whole minor units and summarises the best one", () => {
    const variant = slotVariant("classic-96")!;
    let checked = 0;
    for (let nonce = 0; checked < 50 && nonce < 5_000; nonce++) {
      const outcome = spinSlot(variant, fairSource(SERVER_SEED, "lines", nonce), 500n);
      expect(outcome.rows).toHaveLength(3);
      for (const row of outcome.rows) expect(row).toHaveLength(5);
      const total = outcome.wins.reduce((sum, win) => sum + BigInt(win.pay), 0n);
      expect(BigInt(outcome.payout)).toBe(total);
      if (outcome.wins.length === 0) {
        expect(outcome.summary).toBe("–");
        continue;
      }
      checked++;
      for (const win of outcome.wins) {
        // The line's first `count` symbols are the paid symbol or wilds.
        const symbols = PAYLINES[win.line - 1]!.map((row, reel) => outcome.rows[row]![reel]!);
        for (const symbol of symbols.slice(0, win.count))
          expect([win.symbol, "W"]).toContain(symbol);
        expect(BigInt(win.pay) % (500n / 25n)).toBe(0n);
      }
      expect(outcome.summary).toMatch(/^[345]×[A-Z0-9]+( \+\d+)?$/);
    }
    expect(checked).toBe(50);
  });
});

describe("demo roulette (European, single zero)", () => {
  const bets: RouletteBet[] = [
    { kind: "straight", number: 0 },
    { kind: "straight", number: 17 },
    { kind: "red" },
    { kind: "black" },
    { kind: "odd" },
    { kind: "even" },
    { kind: "low" },
    { kind: "high" },
    { kind: "dozen", dozen: 1 },
    { kind: "dozen", dozen: 3 },
  ];

  test("every bet returns exactly 36/37", () => {
    expect(new Set(bets.map((bet) => bet.kind))).toEqual(new Set(BET_KINDS));
    for (const bet of bets) expect(rouletteRtp(bet)).toEqual(fraction(36n, 37n));
    expect(toNumber(engineRtp("roulette"))).toBeCloseTo(0.97297, 5);
  });

  test("5·10^5 spins: every pocket near 1/37, and red bets return within ±0.5 % of 36/37", () => {
    const pockets = new Array<number>(POCKETS).fill(0);
    let paid = 0n;
    const rounds = 500_000;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const outcome = spinRoulette(fairSource(SERVER_SEED, "table", nonce), { kind: "red" }, 100n);
      pockets[outcome.pocket]!++;
      paid += BigInt(outcome.payout);
    }
    const expected = rounds / POCKETS;
    const chiSquare = pockets.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 36 degrees of freedom: 67 is the 99.9th percentile.
    expect(chiSquare).toBeLessThan(67);
    expect(Math.abs(Number(paid) / (rounds * 100) - 36 / 37)).toBeLessThanOrEqual(0.005);
  }, 60_000);

  test("a round's summary names the pocket and its colour", () => {
    const outcome = spinRoulette(
      fairSource(SERVER_SEED, "summary", 1),
      { kind: "dozen", dozen: 2 },
      100n,
    );
    expect(outcome.summary).toBe(`${outcome.pocket} ${outcome.colour[0]!.toUpperCase()}`);
    expect(outcome.payout).toBe(outcome.won ? "300" : "0");
  });
});

describe("engineFor", () => {
  test("slots and fish play the slot variants, tables play roulette, the same title always on the same engine", () => {
    const seen = new Set<string>();
    for (let nodeId = 1; nodeId <= 10_000; nodeId++) {
      const engine = engineFor({ nodeId, category: "RNG", vassalage: "PG" });
      expect(engine).toBe(engineFor({ nodeId, category: "RNG", vassalage: "PG" }));
      seen.add(engine);
    }
    expect(seen).toEqual(new Set(SLOT_VARIANTS.map((variant) => `slot:${variant.id}`)));
    expect(engineFor({ nodeId: 7, category: "FISH", vassalage: "JDB" })).toMatch(/^slot:/);
    for (const category of ["LIVE", "PVP", "SPORTS", "ESPORTS", "COCKFIGHT", "MXWIN"]) {
      expect(engineFor({ nodeId: 7, category, vassalage: "EVO" })).toBe("roulette");
    }
  });

  test("stakes start at 1 unit; a slot's split evenly over its 25 lines", () => {
    expect(stakeOptions("slot:classic-96", 2)).toEqual([
      100n,
      200n,
      500n,
      1_000n,
      2_000n,
      5_000n,
      10_000n,
    ]);
    expect(stakeOptions("slot:classic-96", 0)).toEqual([25n, 50n, 100n]);
    expect(stakeOptions("roulette", 0)).toEqual([1n, 2n, 5n, 10n, 20n, 50n, 100n]);
    expect(() => playEngine("slot:nope", fairSource("a", "b", 0), { stake: 100n })).toThrow();
  });
});
