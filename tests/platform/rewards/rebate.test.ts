import fc from "fast-check";
import { sql } from "kysely";
import { beforeAll, describe, expect, test } from "vitest";
import { PlatformError } from "~/platform/errors";
import {
  claimRebate,
  listRebateClaims,
  rebateQuote,
  type RebatePolicy,
} from "~/platform/rewards/rebate.server";
import { HOUSE, MAIN } from "~/platform/wallet/ledger.server";
import { insertSettledBet } from "../../helpers/agency";
import { createTestDatabase } from "../../helpers/database";
import { postingsByKey, refusal, setLevels, useRewardsDatabase } from "../../helpers/rewards";
import { formKey, insertMember } from "../../helpers/wallet";

const handle = useRewardsDatabase(() => createTestDatabase({ poolSize: 12 }));
const policy: RebatePolicy = {
  minimum: 100,
  sets: { agentTypes: [1, 2, 41, 42], trialTypes: [4] },
};
const NOW = new Date("2030-03-10T12:00:00Z");
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

/** Level 0 pays 1 % on slots, 0.5 % on live, nothing on sports; level 2 pays double. */
beforeAll(async () => {
  await setLevels(handle.db, [
    { level: 0, rates: { RNG: 100, LIVE: 50 } },
    { level: 1 },
    { level: 2, rates: { RNG: 200, LIVE: 100, SPORTS: 75 } },
  ]);
});

const bet = (memberId: string, category: string, validBet: number, settled: Date) =>
  insertSettledBet(handle.db, memberId, {
    stake: BigInt(validBet),
    validBet: BigInt(validBet),
    payout: 0n,
    at: settled,
    category,
  });

const claim = (memberId: string, now: Date, key = formKey(), cutOff = now) =>
  claimRebate(handle.db, { memberId, formKey: key, cutOff }, policy, now);

async function main(memberId: string) {
  const row = await handle.db
    .selectFrom("accounts")
    .select("balance")
    .where("member_id", "=", memberId)
    .where("kind", "=", MAIN)
    .executeTakeFirst();
  return BigInt(row?.balance ?? 0);
}

async function rebateEntries(memberId: string) {
  const rows = await handle.db
    .selectFrom("entries")
    .select(["idempotency_key", "kind"])
    .where("member_id", "=", memberId)
    .where("idempotency_key", "like", "rebate:%")
    .execute();
  return rows;
}

describe("the rebate quote", () => {
  test("per category from the raw settled bets since the watermark, at the member's level, rounded down", async () => {
    const member = await insertMember(handle.db);
    const other = await insertMember(handle.db);
    await bet(member, "RNG", 12_345, at(-600));
    await bet(member, "RNG", 10_000, at(-500));
    await bet(member, "LIVE", 9_999, at(-400));
    await bet(member, "SPORTS", 50_000, at(-300));
    await bet(other, "RNG", 1_000_000, at(-300));
    // Open and void bets pay nothing.
    await handle.db
      .insertInto("bets")
      .values(
        (["open", "void"] as const).map((status) => ({
          member_id: member,
          vassalage: "PG",
          round_id: `r-${status}-${formKey()}`,
          category: "RNG",
          game_code: "PG-0001",
          game_name: "Test Slot",
          stake: 70_000,
          valid_bet: 70_000,
          status,
          placed_at: at(-200),
          settled_at: status === "void" ? at(-200) : null,
        })),
      )
      .execute();
    const quote = await rebateQuote(handle.db, member, policy, NOW);
    expect(quote).toMatchObject({
      level: 0,
      since: null,
      cutOff: NOW.toISOString(),
      nextClaimAt: null,
    });
    expect(quote.lines).toEqual([
      { category: "SPORTS", validBet: "50000", rateBps: 0, amount: "0" },
      { category: "LIVE", validBet: "9999", rateBps: 50, amount: "49" },
      { category: "RNG", validBet: "22345", rateBps: 100, amount: "223" },
    ]);
    expect(quote).toMatchObject({ validBet: "82344", amount: "272", minimum: "100" });

    await handle.db.updateTable("members").set({ vip_level: 2 }).where("id", "=", member).execute();
    expect((await rebateQuote(handle.db, member, policy, NOW)).amount).toBe(String(375 + 99 + 446));
  });
});

describe("claiming", () => {
  test("pays the sum in one ledger entry from the house's bonuses, records its lines and moves the watermark", async () => {
    const member = await insertMember(handle.db);
    await bet(member, "RNG", 20_000, at(-60));
    await bet(member, "LIVE", 20_000, at(-30));
    const { claim: paid, replayed } = await claim(member, NOW);
    expect(replayed).toBe(false);
    expect(paid).toMatchObject({ level: 0, windowStart: null, validBet: "40000", amount: "300" });
    expect(paid.lines.map((line) => [line.category, line.amount])).toEqual([
      ["LIVE", "100"],
      ["RNG", "200"],
    ]);
    expect(await main(member)).toBe(300n);
    const postings = await postingsByKey(handle.db, `rebate:m${member}:%`);
    const key = `rebate:m${member}:${new Date(0).toISOString()}`;
    expect(postings).toEqual([
      { key, kind: "bonus", account: HOUSE.bonuses, amount: "-300" },
      { key, kind: "bonus", account: MAIN, amount: "300" },
    ]);
    const quote = await rebateQuote(handle.db, member, policy, at(10));
    expect(quote).toMatchObject({
      since: NOW.toISOString(),
      amount: "0",
      nextClaimAt: at(60).toISOString(),
    });
    const records = await listRebateClaims(handle.db, member, {
      window: { from: at(-3600), to: at(3600) },
      page: 1,
      pageSize: 20,
    });
    expect(records).toMatchObject({ total: 1, totals: { amount: "300", validBet: "40000" } });
    expect(records.rows[0]!.id).toBe(paid.id);
  });

  test("at most once a minute, counted from the last claim, with the seconds left", async () => {
    const member = await insertMember(handle.db);
    await bet(member, "RNG", 20_000, at(-10));
    await claim(member, NOW);
    await bet(member, "RNG", 20_000, at(20));
    expect(await refusal(claim(member, at(30)))).toEqual({
      code: "rebate_too_soon",
      details: { seconds: 30 },
    });
    expect(await refusal(claim(member, at(59.5)))).toEqual({
      code: "rebate_too_soon",
      details: { seconds: 1 },
    });
    expect((await claim(member, at(60))).claim.amount).toBe("200");
    expect(await main(member)).toBe(400n);
  });

  test("parallel claims with different keys: exactly one pays, the others are too soon", async () => {
    const member = await insertMember(handle.db);
    await bet(member, "RNG", 50_000, at(-10));
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => claim(member, NOW)));
    const paid = results.filter((result) => result.status === "fulfilled");
    expect(paid).toHaveLength(1);
    for (const result of results)
      if (result.status === "rejected")
        expect((result.reason as PlatformError).code).toBe("rebate_too_soon");
    expect(await main(member)).toBe(500n);
    expect(await rebateEntries(member)).toHaveLength(1);
  });

  test("below the minimum nothing is paid or recorded, and the minute does not start", async () => {
    const member = await insertMember(handle.db);
    expect(await refusal(claim(member, NOW))).toEqual({
      code: "rebate_below_minimum",
      details: { min: 100 },
    });
    await bet(member, "RNG", 9_999, at(-10));
    expect(await refusal(claim(member, NOW))).toEqual({
      code: "rebate_below_minimum",
      details: { min: 100 },
    });
    expect(await rebateEntries(member)).toEqual([]);
    await bet(member, "RNG", 1, at(-5));
    expect((await claim(member, at(1))).claim.amount).toBe("100");
  });

  test("a double submit (the same form key, one after the other or at once) pays once", async () => {
    const member = await insertMember(handle.db);
    await bet(member, "RNG", 30_000, at(-10));
    const key = formKey();
    const [a, b] = await Promise.all([claim(member, NOW, key), claim(member, NOW, key)]);
    expect(a.claim.id).toBe(b.claim.id);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    const again = await claim(member, at(120), key);
    expect(again).toMatchObject({ replayed: true, claim: { id: a.claim.id } });
    expect(await main(member)).toBe(300n);
    expect(await rebateEntries(member)).toHaveLength(1);
  });

  test("the form's cut-off bounds the window: bets after it wait for the next claim, none is counted twice", async () => {
    const member = await insertMember(handle.db);
    await bet(member, "RNG", 10_000, at(-100));
    await bet(member, "RNG", 20_000, at(-50));
    // The page was rendered at -60: the later bet is not in what the member was shown.
    const first = await claim(member, NOW, formKey(), at(-60));
    expect(first.claim).toMatchObject({
      validBet: "10000",
      amount: "100",
      cutOff: at(-60).toISOString(),
    });
    // Recorded after the claim but settled at its cut-off (a late, back-dated settlement): windows
    // never overlap, so it is never paid (ADR 16).
    await bet(member, "RNG", 40_000, at(-60));
    const second = await claim(member, at(60), formKey(), at(1_000));
    expect(second.claim).toMatchObject({
      validBet: "20000",
      amount: "200",
      cutOff: at(60).toISOString(),
    });
    expect(await main(member)).toBe(300n);
  });

  test("trial accounts are refused", async () => {
    const trial = await insertMember(handle.db, { type: 4 });
    await bet(trial, "RNG", 50_000, at(-10));
    expect((await refusal(claim(trial, NOW))).code).toBe("in_need_true_account");
    expect(await main(trial)).toBe(0n);
  });
});

/** What the test's levels pay on a member's bets settled in (from, to], as the bets are now. */
async function rebateOfWindow(memberId: string, from: string | null, to: string) {
  const { rows } = await sql<{ rng: string; live: string }>`
    select coalesce(sum(valid_bet) filter (where category = 'RNG'), 0)::text as rng,
           coalesce(sum(valid_bet) filter (where category = 'LIVE'), 0)::text as live
      from bets where member_id = ${memberId} and status = 'settled'
       and settled_at > ${from ?? new Date(0).toISOString()} and settled_at <= ${to}`.execute(
    handle.db,
  );
  return (BigInt(rows[0]!.rng) * 100n) / 10_000n + (BigInt(rows[0]!.live) * 50n) / 10_000n;
}

/**
 * Random bets (some settled a few seconds back), claims (new keys and
 * replayed ones) and clock moves for two members. After every step: all
 * balances sum to zero and no member balance is negative; each claim paid
 * exactly the rebate of the bets in its window when it was made; windows
 * follow each other without gap or overlap, so no bet is paid twice; each
 * member holds exactly what their claims paid.
 */
test(
  "money is conserved and every bet is paid at most once over random sequences",
  { timeout: 120_000 },
  async () => {
    const step = fc.oneof(
      fc.record({
        op: fc.constant("bet" as const),
        who: fc.integer({ min: 0, max: 1 }),
        category: fc.constantFrom("RNG" as const, "LIVE" as const),
        amount: fc.integer({ min: 1, max: 40_000 }),
        back: fc.integer({ min: 0, max: 5 }),
      }),
      fc.record({
        op: fc.constant("claim" as const),
        who: fc.integer({ min: 0, max: 1 }),
        replay: fc.boolean(),
      }),
      fc.record({ op: fc.constant("wait" as const), seconds: fc.integer({ min: 1, max: 90 }) }),
    );
    const runs = process.env.TEST_DATABASE_URL ? 15 : 30;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), async (steps) => {
        run++;
        const members = [await insertMember(handle.db), await insertMember(handle.db)];
        let clock = new Date(NOW.getTime() + run * 10 * 86_400_000);
        const keys: string[][] = [[], []];
        const paid = [0n, 0n];
        for (const s of steps) {
          if (s.op === "wait") clock = new Date(clock.getTime() + s.seconds * 1000);
          else if (s.op === "bet")
            await bet(
              members[s.who]!,
              s.category,
              s.amount,
              new Date(clock.getTime() - s.back * 1000),
            );
          else {
            const key = s.replay && keys[s.who]!.length > 0 ? keys[s.who]!.at(-1)! : formKey();
            keys[s.who]!.push(key);
            const result = await claim(members[s.who]!, clock, key).catch((error: unknown) => {
              if (!(error instanceof PlatformError)) throw error;
              return null;
            });
            if (result && !result.replayed) {
              const { windowStart, cutOff, amount } = result.claim;
              expect(amount).toBe(
                (await rebateOfWindow(members[s.who]!, windowStart, cutOff)).toString(),
              );
              paid[s.who]! += BigInt(amount);
            }
          }
          const { rows } = await sql<{ total: string; negative: string }>`
          select coalesce(sum(balance), 0)::text as total,
                 count(*) filter (where member_id is not null and balance < 0)::text as negative
            from accounts`.execute(handle.db);
          expect(rows[0]).toEqual({ total: "0", negative: "0" });
        }
        for (const [index, member] of members.entries()) {
          const claims = await handle.db
            .selectFrom("rebate_claims")
            .select(["window_start", "cut_off"])
            .where("member_id", "=", member)
            .orderBy("cut_off")
            .execute();
          let previous = new Date(0);
          for (const row of claims) {
            expect(new Date(row.window_start)).toEqual(previous);
            previous = new Date(row.cut_off);
          }
          expect(await main(member)).toBe(paid[index]);
        }
      }),
      { numRuns: runs },
    );
  },
);
