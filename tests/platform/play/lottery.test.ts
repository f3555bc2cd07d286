import { createHash, randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { playAccount } from "~/platform/play/game-sessions.server";
import { placeLotteryBet, memberLotteryBets } from "~/platform/play/lottery/bets.server";
import {
  openDraw,
  recentDraws,
  settleDraw,
  settleDueDraws,
} from "~/platform/play/lottery/draws.server";
import { drawNumbers } from "~/platform/play/lottery/fair-draw.server";
import { lotteryMenu, type LotteryGame } from "~/platform/play/lottery/menu.server";
import {
  betKindOf,
  LOTTERY_TYPES,
  lotteryTypeOf,
  parseSelection,
  payoutOf,
  rtpOf,
  rulesOf,
  selectionClasses,
  type BetKind,
  type Fraction,
  type LotteryType,
  type Selection,
} from "~/platform/play/lottery/rules";
import { drawClosesAt, openDrawNo } from "~/platform/play/lottery/schedule";
import { getBrandConfig } from "~/platform/system/settings.server";
import { mainBalance } from "~/platform/wallet/balance.server";
import { useSeededDatabase } from "../../helpers/database";
import { codeOf, fundMain } from "../../helpers/play";
import { formKey, insertMember } from "../../helpers/wallet";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const seedOf = () => randomBytes(32).toString("hex");

/** Every ordered draw of a type small enough to list, each equally likely on a fair draw. */
function* everyDraw(type: LotteryType): Generator<number[]> {
  const { draw } = rulesOf(type);
  if (!draw.distinct) {
    const span = draw.max - draw.min + 1;
    for (let index = 0; index < span ** draw.count; index++) {
      const digits: number[] = [];
      for (let rest = index, i = 0; i < draw.count; i++, rest = Math.floor(rest / span))
        digits.unshift(draw.min + (rest % span));
      yield digits;
    }
    return;
  }
  // Ordered draws of `count` different balls (11x5: 55,440).
  const drum = Array.from({ length: draw.max - draw.min + 1 }, (_, index) => draw.min + index);
  function* extend(prefix: number[]): Generator<number[]> {
    if (prefix.length === draw.count) return yield prefix;
    for (const ball of drum) if (!prefix.includes(ball)) yield* extend([...prefix, ball]);
  }
  yield* extend([]);
}

/**
 * PK10's kinds read places 1, 2 and 10 only. In a uniform permutation every
 * ordered triple of different cars on those places is equally likely (7! ways
 * each), so listing the 720 triples (the other places filled in) is exact.
 */
function* pk10Draws(): Generator<number[]> {
  for (let a = 1; a <= 10; a++)
    for (let b = 1; b <= 10; b++)
      for (let c = 1; c <= 10; c++) {
        if (a === b || b === c || a === c) continue;
        const rest = Array.from({ length: 10 }, (_, index) => index + 1).filter(
          (car) => car !== a && car !== b && car !== c,
        );
        yield [a, b, ...rest, c];
      }
}

const equal = (left: Fraction, right: Fraction) => left.num * right.den === right.num * left.den;

/** Some selections of a kind: each option, or a few picks (the first, the last, a mixed one). */
function sampleSelections(kind: BetKind): Selection[] {
  if (kind.pick.kind === "option") return [...kind.pick.options];
  const { count, min, max } = kind.pick;
  return [
    Array.from({ length: count }, (_, index) => min + index),
    Array.from({ length: count }, (_, index) => max - index),
    Array.from({ length: count }, (_, index) => min + ((index * 3 + 2) % (max - min + 1))),
  ].map((raw) => parseSelection(kind, raw.map(String))!);
}

describe("lottery rules (types 11x5, LF, LHC, PK10, SSC)", () => {
  test("every type has a few bet kinds, each with an exact RTP below 100% (and above 90%)", () => {
    for (const type of LOTTERY_TYPES) {
      const { kinds } = rulesOf(type);
      expect(kinds.length, type).toBeGreaterThanOrEqual(3);
      for (const kind of kinds) {
        // Every selection, not only the best, returns less than it takes.
        for (const selection of [...selectionClasses(kind), ...sampleSelections(kind)]) {
          const chance = kind.chance(selection);
          expect(
            chance.num * BigInt(kind.odds) < chance.den * 100n,
            `${type} ${kind.code} ${String(selection)}`,
          ).toBe(true);
        }
        const rtp = rtpOf(kind);
        expect(rtp.num < rtp.den, `${type} ${kind.code}`).toBe(true);
        expect(rtp.num * 10n > rtp.den * 9n, `${type} ${kind.code}`).toBe(true);
      }
    }
    // Spot values, computed by hand: SSC sum big/small 1/2 × 1.96; 11x5 any two 84/462 × 5.40.
    expect(rtpOf(betKindOf("SSC", "sum_big_small")!)).toEqual({ num: 196n, den: 200n });
    const anyTwo = rtpOf(betKindOf("11x5", "any_two")!);
    expect(equal(anyTwo, { num: 84n * 540n, den: 462n * 100n })).toBe(true);
  });

  test.each(["SSC", "LF", "11x5"] as const)(
    "%s: each kind's chance is exact, counted over every possible draw",
    (type) => {
      const kinds = rulesOf(type).kinds.map((kind) => ({
        kind,
        selections: sampleSelections(kind).map((selection) => ({ selection, wins: 0 })),
      }));
      let draws = 0;
      for (const draw of everyDraw(type)) {
        draws++;
        for (const { kind, selections } of kinds)
          for (const entry of selections) if (kind.wins(entry.selection, draw)) entry.wins++;
      }
      for (const { kind, selections } of kinds) {
        for (const { selection, wins } of selections) {
          expect(
            equal({ num: BigInt(wins), den: BigInt(draws) }, kind.chance(selection)),
            `${type} ${kind.code} ${String(selection)}: ${wins}/${draws}`,
          ).toBe(true);
        }
      }
    },
  );

  test("PK10: each kind's chance is exact, counted over every order of the places it reads", () => {
    for (const kind of rulesOf("PK10").kinds) {
      for (const selection of sampleSelections(kind)) {
        let wins = 0;
        let draws = 0;
        for (const draw of pk10Draws()) {
          draws++;
          if (kind.wins(selection, draw)) wins++;
        }
        expect(
          equal({ num: BigInt(wins), den: BigInt(draws) }, kind.chance(selection)),
          `${kind.code} ${String(selection)}`,
        ).toBe(true);
      }
    }
  });

  test("the fair RNG's draws win about as often as the exact chances say (every type and kind, 4,000 draws)", () => {
    const rounds = 4_000;
    for (const type of LOTTERY_TYPES) {
      const draws = Array.from({ length: rounds }, () => drawNumbers(type, seedOf()));
      for (const kind of rulesOf(type).kinds) {
        const selection = sampleSelections(kind)[0]!;
        const p = Number(kind.chance(selection).num) / Number(kind.chance(selection).den);
        const wins = draws.filter((draw) => kind.wins(selection, draw)).length;
        const sigma = Math.sqrt(rounds * p * (1 - p));
        expect(
          Math.abs(wins - rounds * p),
          `${type} ${kind.code}: ${wins} wins, ${rounds * p} expected`,
        ).toBeLessThan(5 * sigma + 2);
      }
    }
  });

  test("a winning bet pays stake × odds, rounded down; a losing one 0", () => {
    const champion = betKindOf("PK10", "champion")!;
    const draw = [7, 1, 2, 3, 4, 5, 6, 8, 9, 10];
    expect(payoutOf(champion, [7], draw, 1_001n)).toBe(9_809n); // 10.01 × 9.80 = 98.098
    expect(payoutOf(champion, [8], draw, 1_001n)).toBe(0n);
    // Car 7 won, car 10 came last: 7 < 10, tiger.
    expect(payoutOf(betKindOf("PK10", "dragon_tiger")!, "dragon", draw, 500n)).toBe(0n);
    expect(payoutOf(betKindOf("PK10", "dragon_tiger")!, "tiger", draw, 500n)).toBe(980n);
  });

  test("selections are checked against the kind: count, range, different numbers, options", () => {
    const anyTwo = betKindOf("11x5", "any_two")!;
    expect(parseSelection(anyTwo, ["9", "3"])).toEqual([3, 9]);
    expect(parseSelection(anyTwo, ["3", "3"])).toBeNull();
    expect(parseSelection(anyTwo, ["3"])).toBeNull();
    expect(parseSelection(anyTwo, ["3", "12"])).toBeNull();
    expect(parseSelection(anyTwo, ["0", "3"])).toBeNull();
    expect(parseSelection(anyTwo, ["3", "x"])).toBeNull();
    const lastTwo = betKindOf("SSC", "last_two")!;
    expect(parseSelection(lastTwo, ["9", "9"])).toEqual([9, 9]);
    expect(parseSelection(lastTwo, ["9", "1"])).toEqual([9, 1]);
    expect(parseSelection(lastTwo, ["10", "1"])).toBeNull();
    expect(parseSelection(betKindOf("SSC", "sum_big_small")!, ["big"])).toBe("big");
    expect(parseSelection(betKindOf("SSC", "sum_big_small")!, ["huge"])).toBeNull();
    expect(betKindOf("SSC", "champion")).toBeNull();
  });

  test("seeded game codes play the type the seed named them after", () => {
    expect(
      ["LOTT-0001", "LOTT-0002", "LOTT-0003", "LOTT-0004", "LOTT-0005"].map(lotteryTypeOf),
    ).toEqual(["11x5", "LF", "LHC", "PK10", "SSC"]);
    expect(lotteryTypeOf("TCG_LOTTO_VN-0010")).toBe("SSC");
    expect(lotteryTypeOf("VN_PK10_FAST")).toBe("PK10");
  });
});

describe("provably fair draws", () => {
  test("numbers are valid for their type and the same from the same seed", () => {
    for (const type of LOTTERY_TYPES) {
      const { draw } = rulesOf(type);
      for (let round = 0; round < 300; round++) {
        const seed = seedOf();
        const numbers = drawNumbers(type, seed);
        expect(drawNumbers(type, seed)).toEqual(numbers);
        expect(numbers).toHaveLength(draw.count);
        for (const value of numbers) {
          expect(
            Number.isInteger(value) && value >= draw.min && value <= draw.max,
            `${type} ${numbers.join(",")}`,
          ).toBe(true);
        }
        if (draw.distinct) expect(new Set(numbers).size).toBe(numbers.length);
      }
    }
    // PK10 is a permutation of 1..10; LHC shows its six main numbers in order, then the special one.
    expect([...drawNumbers("PK10", "a".repeat(64))].sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    const lhc = drawNumbers("LHC", "b".repeat(64));
    expect(lhc.slice(0, 6)).toEqual([...lhc.slice(0, 6)].sort((a, b) => a - b));
    // A different seed, different numbers (a fixed pair, so the test is stable).
    expect(drawNumbers("SSC", "c".repeat(64))).not.toEqual(drawNumbers("SSC", "d".repeat(64)));
  });

  test("digits are uniform: no modulo bias over 20,000 SSC draws", () => {
    const counts = Array.from({ length: 10 }, () => 0);
    for (let round = 0; round < 4_000; round++)
      for (const digit of drawNumbers("SSC", seedOf())) counts[digit]!++;
    // χ² with 9 degrees of freedom; 33.7 is p = 0.0001.
    const expected = 2_000;
    const chiSquare = counts.reduce(
      (total, count) => total + (count - expected) ** 2 / expected,
      0,
    );
    expect(chiSquare).toBeLessThan(33.7);
  });
});

describe("draws, bets and settlement", () => {
  const handle = useSeededDatabase();
  const INTERVAL = 60;

  /** A game of the seeded /lottery page (LOTT lane), by code. */
  async function game(gameCode: string): Promise<LotteryGame> {
    const { game } = await lotteryMenu(handle.db, {
      page: "lottery",
      prizeMode: "LOTT",
      language: "en",
      gameCode,
    });
    return game!;
  }

  async function member(minor: bigint) {
    const id = await insertMember(handle.db);
    if (minor > 0n) await fundMain(handle.db, id, minor);
    return id;
  }

  const balance = (memberId: string) => mainBalance(handle.db, { id: memberId }).then(BigInt);

  /** A moment inside draw `drawNo`'s betting window (10 s after it opened). */
  const during = (drawNo: number) =>
    new Date(drawClosesAt(drawNo - 1, INTERVAL).getTime() + 10_000);
  const after = (drawNo: number) => new Date(drawClosesAt(drawNo, INTERVAL).getTime() + 1_000);

  async function bet(
    memberId: string,
    ssc: LotteryGame,
    drawNo: number,
    fields: { betKind: string; selection: string[]; stake: bigint; key?: string; now?: Date },
  ) {
    const brand = await getBrandConfig(handle.db);
    return placeLotteryBet(handle.db, {
      memberId,
      account: playAccount(brand.wallet, ssc.vassalage),
      game: ssc,
      betKind: fields.betKind,
      selection: fields.selection,
      stake: fields.stake,
      drawNo,
      key: fields.key ?? formKey() + formKey(),
      now: fields.now ?? during(drawNo),
      interval: INTERVAL,
    });
  }

  const betRows = (memberId: string) =>
    handle.db
      .selectFrom("bets")
      .selectAll()
      .where("member_id", "=", memberId)
      .orderBy("id")
      .execute();

  test("the open draw shows its seed's hash only; once closed the seed and numbers are revealed and check out", async () => {
    const ssc = await game("LOTT-0005");
    const now = new Date();
    const open = await openDraw(handle.db, ssc.gameCode, now, INTERVAL);
    expect(open.drawNo).toBe(openDrawNo(now, INTERVAL));
    expect(open.closesAt.getTime()).toBeGreaterThan(now.getTime());
    expect(open.seed).toBeNull();
    expect(open.numbers).toBeNull();
    expect(open.seedHash).toMatch(/^[0-9a-f]{64}$/);

    const later = after(open.drawNo);
    const recent = await recentDraws(handle.db, ssc.gameCode, later, {
      interval: INTERVAL,
      limit: 10,
    });
    expect(recent.map((draw) => draw.drawNo)).toEqual(
      Array.from({ length: 10 }, (_, index) => open.drawNo - index),
    );
    for (const draw of recent) {
      expect(draw.settled).toBe(true);
      expect(sha256(draw.seed!)).toBe(draw.seedHash);
      expect(drawNumbers("SSC", draw.seed!)).toEqual(draw.numbers);
    }
    // The hash shown before the close is the one the revealed seed hashes to.
    expect(recent[0]!.seedHash).toBe(open.seedHash);
    // Another game's same draw has another seed.
    const lf = await recentDraws(handle.db, "LOTT-0002", later, { interval: INTERVAL, limit: 1 });
    expect(lf[0]!.drawNo).toBe(open.drawNo);
    expect(lf[0]!.seed).not.toBe(recent[0]!.seed);
    expect(lf[0]!.numbers).toHaveLength(3);
  });

  test("a bet debits the stake; the draw pays each winner exactly once, even when settled again", async () => {
    const ssc = await game("LOTT-0005");
    const drawNo = openDrawNo(new Date(), INTERVAL) + 5;
    const memberId = await member(100_00n);
    const big = await bet(memberId, ssc, drawNo, {
      betKind: "sum_big_small",
      selection: ["big"],
      stake: 10_00n,
    });
    const small = await bet(memberId, ssc, drawNo, {
      betKind: "sum_big_small",
      selection: ["small"],
      stake: 10_00n,
    });
    await bet(memberId, ssc, drawNo, {
      betKind: "front_three",
      selection: ["1", "2", "3"],
      stake: 5_00n,
    });
    expect(big.roundId).toMatch(new RegExp(`^LOTT-0005-${drawNo}-[A-Za-z0-9_-]+$`));
    expect(small.balance).toBe(80_00n);
    expect(await balance(memberId)).toBe(75_00n);
    const open = await betRows(memberId);
    expect(open.map((row) => row.status)).toEqual(["open", "open", "open"]);
    expect(open[0]!.detail).toEqual({
      drawNo,
      betKind: "sum_big_small",
      selection: "big",
      odds: 196,
    });
    expect(open[0]!.node_id).toBe(ssc.nodeId);
    // Not before the close.
    expect(await settleDraw(handle.db, ssc.gameCode, drawNo, during(drawNo))).toBe(false);
    expect((await betRows(memberId)).every((row) => row.status === "open")).toBe(true);

    const later = after(drawNo);
    expect(await settleDueDraws(handle.db, later)).toBeGreaterThanOrEqual(1);
    const [draw] = await recentDraws(handle.db, ssc.gameCode, later, {
      interval: INTERVAL,
      limit: 1,
    });
    expect(draw!.drawNo).toBe(drawNo);
    const sum = draw!.numbers!.reduce((total, digit) => total + digit, 0);
    const frontThree = draw!.numbers!.slice(0, 3).join(",") === "1,2,3";
    const settled = await betRows(memberId);
    expect(settled.map((row) => row.status)).toEqual(["settled", "settled", "settled"]);
    expect(settled.map((row) => row.payout)).toEqual([
      sum >= 23 ? "1960" : "0",
      sum >= 23 ? "0" : "1960",
      frontThree ? "485000" : "0",
    ]);
    const expected = 75_00n + 19_60n + (frontThree ? 4_850_00n : 0n);
    expect(await balance(memberId)).toBe(expected);

    // Again, and three at once: nothing more is paid.
    expect(await settleDraw(handle.db, ssc.gameCode, drawNo, later)).toBe(false);
    await Promise.all([
      settleDueDraws(handle.db, later),
      settleDraw(handle.db, ssc.gameCode, drawNo, later),
      settleDueDraws(handle.db, later),
    ]);
    expect(await balance(memberId)).toBe(expected);
    const wins = await handle.db
      .selectFrom("entries")
      .select("id")
      .where("kind", "=", "win")
      .where("member_id", "=", memberId)
      .execute();
    expect(wins).toHaveLength(frontThree ? 2 : 1);

    const listed = await memberLotteryBets(handle.db, { memberId, game: ssc });
    expect(listed.map((entry) => entry.status)).toEqual(["settled", "settled", "settled"]);
    expect(listed.map((entry) => entry.selection).sort()).toEqual(["1 2 3", "big", "small"]);
  });

  test("settlers running at once, before anyone settled, pay each bet once", async () => {
    const pk10 = await game("LOTT-0004");
    const drawNo = openDrawNo(new Date(), INTERVAL) + 8;
    const members = await Promise.all([member(50_00n), member(50_00n), member(50_00n)]);
    for (const memberId of members) {
      await bet(memberId, pk10, drawNo, {
        betKind: "dragon_tiger",
        selection: ["dragon"],
        stake: 20_00n,
      });
      await bet(memberId, pk10, drawNo, {
        betKind: "dragon_tiger",
        selection: ["tiger"],
        stake: 20_00n,
      });
    }
    const later = after(drawNo);
    await Promise.all([
      settleDraw(handle.db, pk10.gameCode, drawNo, later),
      settleDraw(handle.db, pk10.gameCode, drawNo, later),
      settleDueDraws(handle.db, later),
      settleDueDraws(handle.db, later),
    ]);
    for (const memberId of members) {
      // One side won 20 × 1.96 = 39.20: 50 − 40 + 39.20.
      expect(await balance(memberId)).toBe(49_20n);
      expect((await betRows(memberId)).map((row) => row.status)).toEqual(["settled", "settled"]);
    }
    const row = await handle.db
      .selectFrom("lottery_draws")
      .select(["settled_at", "numbers"])
      .where("game_code", "=", pk10.gameCode)
      .where("draw_no", "=", String(drawNo))
      .executeTakeFirstOrThrow();
    expect(row.settled_at).not.toBeNull();
    expect(row.numbers).toHaveLength(10);
  });

  test("refused bets write nothing: closed draw, bad selection or kind, too little money, a stake out of range", async () => {
    const lhc = await game("LOTT-0003");
    const drawNo = openDrawNo(new Date(), INTERVAL) + 12;
    const memberId = await member(10_00n);
    const codes = await Promise.all([
      // The draw before the open one, and the open one after its close.
      codeOf(
        bet(memberId, lhc, drawNo - 1, {
          betKind: "special",
          selection: ["7"],
          stake: 1_00n,
          now: during(drawNo),
        }),
      ),
      codeOf(
        bet(memberId, lhc, drawNo, {
          betKind: "special",
          selection: ["7"],
          stake: 1_00n,
          now: after(drawNo),
        }),
      ),
      codeOf(
        bet(memberId, lhc, drawNo + 1, {
          betKind: "special",
          selection: ["7"],
          stake: 1_00n,
          now: during(drawNo),
        }),
      ),
      codeOf(bet(memberId, lhc, drawNo, { betKind: "special", selection: ["50"], stake: 1_00n })),
      codeOf(
        bet(memberId, lhc, drawNo, { betKind: "special", selection: ["7", "8"], stake: 1_00n }),
      ),
      codeOf(bet(memberId, lhc, drawNo, { betKind: "champion", selection: ["7"], stake: 1_00n })),
      codeOf(bet(memberId, lhc, drawNo, { betKind: "special", selection: ["7"], stake: 10_01n })),
      codeOf(bet(memberId, lhc, drawNo, { betKind: "special", selection: ["7"], stake: 0n })),
      codeOf(
        bet(memberId, lhc, drawNo, {
          betKind: "special",
          selection: ["7"],
          stake: 1_00n,
          key: "short",
        }),
      ),
    ]);
    expect(codes).toEqual([
      "draw_closed",
      "draw_closed",
      "draw_closed",
      "invalid_selection",
      "invalid_selection",
      "unknown_bet_kind",
      "insufficient_balance",
      "amount_out_of_range",
      "invalid_transaction",
    ]);
    expect(await betRows(memberId)).toEqual([]);
    expect(await balance(memberId)).toBe(10_00n);
    const entries = await handle.db
      .selectFrom("entries")
      .select("kind")
      .where("member_id", "=", memberId)
      .execute();
    expect(entries.map((entry) => entry.kind)).toEqual(["deposit"]);
  });

  test("a bet on a draw that was drawn already is refused, even inside its window (a settler got there first)", async () => {
    const lf = await game("LOTT-0002");
    const drawNo = openDrawNo(new Date(), INTERVAL) + 15;
    const memberId = await member(10_00n);
    await bet(memberId, lf, drawNo, {
      betKind: "straight",
      selection: ["1", "2", "3"],
      stake: 1_00n,
    });
    // The draw is drawn (say, by a settler whose clock is ahead); a late bet with a clock behind is refused.
    await settleDraw(handle.db, lf.gameCode, drawNo, after(drawNo));
    expect(
      await codeOf(
        bet(memberId, lf, drawNo, {
          betKind: "straight",
          selection: ["4", "5", "6"],
          stake: 1_00n,
        }),
      ),
    ).toBe("draw_closed");
    expect(await betRows(memberId)).toHaveLength(1);
  });

  test("the same form posted twice is one bet", async () => {
    const elevenFive = await game("LOTT-0001");
    const drawNo = openDrawNo(new Date(), INTERVAL) + 18;
    const memberId = await member(10_00n);
    const key = formKey() + formKey();
    const first = await bet(memberId, elevenFive, drawNo, {
      betKind: "any_two",
      selection: ["3", "9"],
      stake: 2_00n,
      key,
    });
    const again = await bet(memberId, elevenFive, drawNo, {
      betKind: "any_two",
      selection: ["3", "9"],
      stake: 2_00n,
      key,
    });
    expect(first.replayed).toBe(false);
    expect(again).toMatchObject({ roundId: first.roundId, replayed: true });
    expect(await balance(memberId)).toBe(8_00n);
    expect(await betRows(memberId)).toHaveLength(1);
    // Changed values under the same key are refused.
    expect(
      await codeOf(
        bet(memberId, elevenFive, drawNo, {
          betKind: "any_two",
          selection: ["3", "9"],
          stake: 3_00n,
          key,
        }),
      ),
    ).toBe("duplicate_transaction");
  });
});
