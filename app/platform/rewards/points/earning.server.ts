import { sql, type Transaction } from "kysely";
import type { Database } from "../../db/open.server";
import type { DB } from "../../db/schema";
import { inTransaction } from "../../db/transaction.server";
import { awardPoints } from "../points-ledger.server";
import { PRODUCT_OF_CATEGORY, pointsEarned, ratioOf, readPointsConfig } from "./config.server";

/**
 * Earning points (by deposit and by play, at the brand's ratios, never
 * expiring). A deposit earns in its own confirmation's transaction; bets earn
 * in a scheduler sweep, so a spin's settlement carries no extra work.
 */

/** Points of a confirmed deposit, in `confirmDeposit`'s transaction; the key makes a replay post nothing. */
export async function earnDepositPoints(
  trx: Transaction<DB>,
  deposit: { id: string; member_id: string; amount: string },
  now: Date,
) {
  const ratio = await ratioOf(trx, "deposit");
  const points = ratio ? pointsEarned(BigInt(deposit.amount), ratio) : 0n;
  if (points <= 0n) return;
  await awardPoints(trx, {
    key: `points:deposit:${deposit.id}`,
    memberId: deposit.member_id,
    points,
    source: "deposit",
    ref: `deposit:${deposit.id}`,
    at: now,
  });
}

/**
 * Settlements stamp bets with the time they run (seamless wallet, aggregator,
 * lottery draws), but a transaction may commit after a later-stamped one; the
 * sweep looks this far behind its watermark so such a bet is still counted.
 */
const LATE_COMMIT_MS = 10 * 60_000;

const categoryCase = sql.join(
  Object.entries(PRODUCT_OF_CATEGORY).map(
    ([category, product]) => sql`when ${category} then ${product}`,
  ),
  sql` `,
);

/**
 * Bets settled since the last sweep earn their product's points: each bet is
 * claimed once in `bet_points` (its primary key), and each member gets one
 * entry per product keyed by the first bet it covers, so neither a replayed
 * settlement (the same bet row) nor a second runner (the watermark row is
 * locked, then the claims conflict) counts a bet twice. Points are the
 * claimed valid bets' sum at the ratio, rounded down once per entry.
 * Returns the entries posted.
 */
export async function sweepBetPoints(db: Database, now = new Date()): Promise<number> {
  return inTransaction(db, async (trx) => {
    const sweep = await trx
      .selectFrom("points_sweep")
      .select("swept_until")
      .forUpdate()
      .executeTakeFirstOrThrow();
    const since = new Date(new Date(sweep.swept_until).getTime() - LATE_COMMIT_MS);
    const { rows } = await sql<{
      bet_id: string;
      member_id: string;
      product: string;
      valid_bet: string;
    }>`
      insert into bet_points (bet_id, member_id, product, valid_bet, counted_at)
      select id, member_id, case category ${categoryCase} end, valid_bet, ${now}
        from bets
       where status = 'settled' and settled_at > ${since} and settled_at <= ${now}
         and category in (${sql.join(Object.keys(PRODUCT_OF_CATEGORY))})
         -- The window overlaps the last one: skip what it counted without writing a conflict.
         and not exists (select 1 from bet_points counted where counted.bet_id = bets.id)
      on conflict (bet_id) do nothing
      returning bet_id, member_id, product, valid_bet`.execute(trx);
    // Never backwards: a run with an earlier clock must not make the next one look far back.
    await trx
      .updateTable("points_sweep")
      .set({ swept_until: sql`greatest(swept_until, ${now})` })
      .execute();
    const groups = new Map<
      string,
      { memberId: string; product: string; firstBet: bigint; validBet: bigint; bets: number }
    >();
    for (const row of rows) {
      const name = `${row.member_id}:${row.product}`;
      const group = groups.get(name);
      const bet = BigInt(row.bet_id);
      if (!group) {
        groups.set(name, {
          memberId: row.member_id,
          product: row.product,
          firstBet: bet,
          validBet: BigInt(row.valid_bet),
          bets: 1,
        });
      } else {
        group.validBet += BigInt(row.valid_bet);
        group.bets++;
        if (bet < group.firstBet) group.firstBet = bet;
      }
    }
    if (groups.size === 0) return 0;
    const { ratios } = await readPointsConfig(trx);
    let posted = 0;
    for (const group of groups.values()) {
      const ratio = ratios.find((each) => each.product === group.product);
      const points = ratio ? pointsEarned(group.validBet, ratio) : 0n;
      if (points <= 0n) continue;
      await awardPoints(trx, {
        key: `points:bets:m${group.memberId}:${group.product}:${group.firstBet}`,
        memberId: group.memberId,
        points,
        source: group.product,
        memo: { bets: String(group.bets) },
        at: now,
      });
      posted++;
    }
    return posted;
  });
}
