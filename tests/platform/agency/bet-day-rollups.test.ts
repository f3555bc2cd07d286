import fc from "fast-check";
import { sql } from "kysely";
import { beforeAll, describe, expect, test } from "vitest";
import type { Database } from "~/platform/db/open.server";
import {
  credit,
  debit,
  rollback,
  type SeamlessPlayer,
} from "~/platform/play/seamless-wallet.server";
import { MAIN } from "~/platform/wallet/ledger.server";
import { useSeededDatabase, withBrand } from "../../helpers/database";
import { fundMain, insertGame } from "../../helpers/play";
import { insertMember } from "../../helpers/wallet";

/**
 * The bet rollup (0024-bet-day-rollups, ADR 0026) is what the agency reports
 * read instead of the bets, so it must always equal the bets summed again:
 * after random rounds through the real settlement paths (the seamless
 * wallet's debit, credit and rollback, which the lottery also goes through),
 * with replays of every call mixed in, around midnight in the brand's zone,
 * and after the brand moves to another zone. The agent rollup
 * (0026-agent-day-rollups) likewise equals the bets summed over each
 * agent's downline through agent_paths, also after a subtree moves.
 *
 * BET_ROLLUP_RUNS sets the number of sequences (30 on PGlite, 15 on the
 * PostgreSQL leg, where the same triggers run again).
 */
const RUNS = Number(process.env.BET_ROLLUP_RUNS ?? (process.env.TEST_DATABASE_URL ? 15 : 30));
const P = "rollup-provider";
const CATEGORIES = ["RNG", "LIVE", "SPORTS"] as const;

const database = useSeededDatabase();
const players: SeamlessPlayer[][] = [];
let sequence = 0;

let topAgent = "";
let subAgent = "";
let otherAgent = "";

beforeAll(async () => {
  const db = database.db;
  // Two levels, so a bet reaches more than one upline: the top agent, a sub-agent under it with
  // two of the players, the third player directly under the top; and a second top agent to move
  // the sub-agent's subtree to.
  topAgent = await insertMember(db, { type: 1 });
  subAgent = await insertMember(db, { type: 2, parentId: topAgent });
  otherAgent = await insertMember(db, { type: 1 });
  const games = await Promise.all(
    CATEGORIES.map((category, index) =>
      insertGame(db, { nodeId: 9_240_001 + index, category, vassalage: "PG" }),
    ),
  );
  for (let index = 0; index < 3; index++) {
    const memberId = await insertMember(db, { parentId: index < 2 ? subAgent : topAgent });
    await fundMain(db, memberId, 100_000_000n);
    players.push(games.map((game) => ({ memberId, account: MAIN, game })));
  }
});

/** The rollup's non-empty rows, and the same figures summed from the bets in the brand's zone. */
async function rollupAndRecomputation(db: Database) {
  const rollup = await sql<Record<string, string>>`
    select member_id::text, day::text, category, bet_count::text, stake::text, valid_bet::text,
      payout::text, settled_profit::text
    from bet_day_rollups where bet_count > 0 order by 1, 2, 3`.execute(db);
  const recomputed = await sql<Record<string, string>>`
    select member_id::text, (placed_at at time zone coalesce(
        (select value ->> 'timeZone' from settings where key = 'brand'), 'UTC'))::date::text as day,
      category, count(*)::text as bet_count, sum(stake)::text as stake, sum(valid_bet)::text as valid_bet,
      sum(payout)::text as payout,
      coalesce(sum(payout - stake) filter (where status = 'settled'), 0)::text as settled_profit
    from bets where status <> 'void' group by 1, 2, 3 order by 1, 2, 3`.execute(db);
  const leftovers = await sql<{ n: string }>`
    select count(*)::text as n from bet_day_rollups
    where bet_count = 0 and (stake <> 0 or valid_bet <> 0 or payout <> 0 or settled_profit <> 0)`.execute(
    db,
  );
  return { rollup: rollup.rows, recomputed: recomputed.rows, leftovers: leftovers.rows[0]!.n };
}

/** The agent rollup (0026) summed over its stripes, and the same figures from the bets and agent_paths. */
async function agentRollupAndRecomputation(db: Database) {
  const rollup = await sql<Record<string, string>>`
    select agent_id::text, day::text, sum(bet_count)::text as bet_count, sum(stake)::text as stake,
      sum(valid_bet)::text as valid_bet, sum(payout)::text as payout,
      sum(settled_profit)::text as settled_profit
    from agent_day_rollups group by 1, 2
    having sum(bet_count) <> 0 or sum(stake) <> 0 or sum(valid_bet) <> 0 or sum(payout) <> 0
      or sum(settled_profit) <> 0
    order by 1, 2`.execute(db);
  const recomputed = await sql<Record<string, string>>`
    select p.ancestor::text as agent_id, (b.placed_at at time zone coalesce(
        (select value ->> 'timeZone' from settings where key = 'brand'), 'UTC'))::date::text as day,
      count(*)::text as bet_count, sum(b.stake)::text as stake, sum(b.valid_bet)::text as valid_bet,
      sum(b.payout)::text as payout,
      coalesce(sum(b.payout - b.stake) filter (where b.status = 'settled'), 0)::text as settled_profit
    from bets b join agent_paths p on p.descendant = b.member_id and p.depth > 0
    where b.status <> 'void' group by 1, 2 order by 1, 2`.execute(db);
  return { rollup: rollup.rows, recomputed: recomputed.rows };
}

async function expectRollupMatchesBets(db: Database) {
  const { rollup, recomputed, leftovers } = await rollupAndRecomputation(db);
  expect(rollup).toEqual(recomputed);
  expect(leftovers).toBe("0");
  const agents = await agentRollupAndRecomputation(db);
  expect(agents.rollup).toEqual(agents.recomputed);
}

const ending = fc.constantFrom("win", "loss", "rollback", "rollback-first", "open");
const round = fc.record({
  member: fc.nat({ max: 2 }),
  category: fc.nat({ max: CATEGORIES.length - 1 }),
  // Minutes before now, over four days: rounds fall on both sides of several midnights.
  minutesAgo: fc.nat({ max: 4 * 24 * 60 }),
  stakes: fc.array(fc.integer({ min: 1, max: 5_000 }), { minLength: 1, maxLength: 3 }),
  payout: fc.integer({ min: 1, max: 20_000 }),
  ending,
  replay: fc.boolean(),
});
type Round = typeof round extends fc.Arbitrary<infer T> ? T : never;

/** One round through the seamless wallet, as a provider would play it; `replay` sends every call twice. */
async function play(db: Database, spec: Round) {
  const player = players[spec.member]![spec.category]!;
  const id = `q${++sequence}`;
  const at = new Date(Date.now() - spec.minutesAgo * 60_000);
  const twice = async (call: () => Promise<unknown>) => {
    await call();
    if (spec.replay) await call();
  };
  for (const [index, stake] of spec.stakes.entries()) {
    await twice(() =>
      debit(db, P, player, { txId: `${id}b${index}`, roundId: id, amount: BigInt(stake), at }),
    );
  }
  const settleAt = new Date(at.getTime() + 60_000);
  if (spec.ending === "win" || spec.ending === "loss") {
    const amount = spec.ending === "win" ? BigInt(spec.payout) : 0n;
    await twice(() => credit(db, P, player, { txId: `${id}w`, roundId: id, amount, at: settleAt }));
  } else if (spec.ending === "rollback" || spec.ending === "rollback-first") {
    // All the stakes back (void), or only the first one (the round stays open with the rest).
    const undone = spec.ending === "rollback" ? spec.stakes.length : 1;
    for (let index = 0; index < undone; index++) {
      await twice(() =>
        rollback(db, P, player, {
          txId: `${id}x${index}`,
          refTxId: `${id}b${index}`,
          roundId: id,
          at: settleAt,
        }),
      );
    }
  }
}

describe("bet rollup", () => {
  test("equals the bets summed again after random rounds, replays and rollbacks", async () => {
    const db = database.db;
    await expectRollupMatchesBets(db);
    await fc.assert(
      fc.asyncProperty(fc.array(round, { minLength: 1, maxLength: 8 }), async (rounds) => {
        for (const spec of rounds) await play(db, spec);
        await expectRollupMatchesBets(db);
      }),
      { numRuns: RUNS },
    );
  }, 240_000);

  test("a replayed settlement adds nothing; a rollback takes the bet out again", async () => {
    const db = database.db;
    const player = players[0]![0]!;
    const day = sql<{
      bet_count: string;
      stake: string;
      settled_profit: string;
    }>`select coalesce(sum(bet_count), 0)::text as bet_count, coalesce(sum(stake), 0)::text as stake,
         coalesce(sum(settled_profit), 0)::text as settled_profit
       from bet_day_rollups where member_id = ${player.memberId}`;
    const before = (await day.execute(db)).rows[0]!;
    const plus = (field: keyof typeof before, amount: number) =>
      String(BigInt(before[field]) + BigInt(amount));

    await debit(db, P, player, { txId: "once-b", roundId: "once", amount: 400n });
    await credit(db, P, player, { txId: "once-w", roundId: "once", amount: 1_000n });
    const settled = (await day.execute(db)).rows[0]!;
    expect(settled).toEqual({
      bet_count: plus("bet_count", 1),
      stake: plus("stake", 400),
      settled_profit: plus("settled_profit", 600),
    });
    await credit(db, P, player, { txId: "once-w", roundId: "once", amount: 1_000n });
    await debit(db, P, player, { txId: "once-b", roundId: "once", amount: 400n });
    expect((await day.execute(db)).rows[0]).toEqual(settled);

    await debit(db, P, player, { txId: "undo-b", roundId: "undo", amount: 250n });
    expect((await day.execute(db)).rows[0]!.stake).toBe(plus("stake", 650));
    await rollback(db, P, player, { txId: "undo-x", refTxId: "undo-b", roundId: "undo" });
    expect((await day.execute(db)).rows[0]).toEqual(settled);
    await expectRollupMatchesBets(db);
  });

  test("a new brand time zone moves every bet's day, and back", async () => {
    const db = database.db;
    await withBrand(
      db,
      (brand) => {
        brand.timeZone =
          brand.timeZone === "America/Sao_Paulo" ? "Asia/Tokyo" : "America/Sao_Paulo";
      },
      () => expectRollupMatchesBets(db),
    );
    await expectRollupMatchesBets(db);
  });

  test("a subtree moved to another upline takes its figures along, in the same transaction", async () => {
    const db = database.db;
    const figures = (agentId: string) =>
      sql<{ bet_count: string; stake: string }>`
        select coalesce(sum(bet_count), 0)::text as bet_count, coalesce(sum(stake), 0)::text as stake
        from agent_day_rollups where agent_id = ${agentId}`
        .execute(db)
        .then((result) => result.rows[0]!);
    const sub = await figures(subAgent);
    expect(Number(sub.bet_count)).toBeGreaterThan(0);
    const [topBefore, otherBefore] = [await figures(topAgent), await figures(otherAgent)];

    await sql`update members set parent_id = ${otherAgent} where id = ${subAgent}`.execute(db);
    await expectRollupMatchesBets(db);
    const minus = (a: string, b: string) => String(BigInt(a) - BigInt(b));
    expect(await figures(topAgent)).toEqual({
      bet_count: minus(topBefore.bet_count, sub.bet_count),
      stake: minus(topBefore.stake, sub.stake),
    });
    expect(await figures(otherAgent)).toEqual({
      bet_count: String(BigInt(otherBefore.bet_count) + BigInt(sub.bet_count)),
      stake: String(BigInt(otherBefore.stake) + BigInt(sub.stake)),
    });

    // Play on under the new upline, then move back.
    await fc.assert(
      fc.asyncProperty(fc.array(round, { minLength: 1, maxLength: 4 }), async (rounds) => {
        for (const spec of rounds) await play(db, spec);
      }),
      { numRuns: 3 },
    );
    await expectRollupMatchesBets(db);
    await sql`update members set parent_id = ${topAgent} where id = ${subAgent}`.execute(db);
    await expectRollupMatchesBets(db);
  });

  // Last: it empties the file's database.
  test("emptying the bets (as a test's reset does) empties the rollup", async () => {
    const db = database.db;
    await sql`truncate bets cascade`.execute(db);
    const left = await sql<{ n: string }>`select count(*)::text as n from bet_day_rollups`.execute(
      db,
    );
    expect(left.rows[0]!.n).toBe("0");
    const agents = await sql<{
      n: string;
    }>`select count(*)::text as n from agent_day_rollups where bet_count <> 0 or stake <> 0`.execute(
      db,
    );
    expect(agents.rows[0]!.n).toBe("0");
  });
});
