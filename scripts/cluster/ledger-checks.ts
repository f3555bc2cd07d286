// What must hold in the ledger after the kill test, read straight from its
// tables (the test's verdict must not depend on the code it tests).
import { sql } from "kysely";
import type { Database } from "~/platform/db/open.server";

export async function ledgerInvariants(db: Database, since: Date, memberIds: string[]) {
  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0]!;
  const total = await one<{ sum: string }>(
    sql`select coalesce(sum(amount), 0)::text as sum from postings`,
  );
  const unbalanced = await one<{ n: string }>(sql`
    select count(*)::text as n from (
      select entry_id from postings group by entry_id having sum(amount) <> 0
    ) as unbalanced`);
  const negative = await one<{ n: string }>(sql`
    select count(*)::text as n from accounts where balance < 0 and not allow_negative`);
  const drifted = await one<{ n: string }>(sql`
    select count(*)::text as n from accounts a
     where a.balance <> coalesce((select sum(p.amount) from postings p where p.account_id = a.id), 0)`);
  const duplicateKeys = await one<{ n: string }>(sql`
    select count(*)::text as n from (
      select idempotency_key from entries group by idempotency_key having count(*) > 1
    ) as doubled`);
  const entries = await one<{ n: string }>(sql`
    select count(*)::text as n from entries where created_at >= ${since}`);
  const points = await one<{ n: string }>(sql`
    select count(*)::text as n from entries
     where idempotency_key like 'points:bets:%' and created_at >= ${since}`);
  // A points entry's key ends with the first bet it counts: that bet must be in bet_points.
  const uncounted = await one<{ n: string }>(sql`
    select count(*)::text as n from entries e
     where e.idempotency_key like 'points:bets:%' and e.created_at >= ${since}
       and not exists (
         select 1 from bet_points c
          where c.bet_id::text = split_part(e.idempotency_key, ':', 5))`);
  // Bets settled a moment ago may still wait for the next sweep; older ones must all be counted.
  const unswept = await one<{ n: string }>(sql`
    select count(*)::text as n from bets b
     where b.status = 'settled' and b.member_id in (${sql.join(memberIds)})
       and b.settled_at < now() - interval '2 seconds'
       and not exists (select 1 from bet_points c where c.bet_id = b.id)`);
  return {
    checks: {
      [`postings sum to zero (${total.sum})`]: total.sum === "0",
      [`every entry balances (${unbalanced.n} do not)`]: unbalanced.n === "0",
      [`no balance below zero (${negative.n} accounts)`]: negative.n === "0",
      [`every balance equals its postings (${drifted.n} drifted)`]: drifted.n === "0",
      [`every idempotency key once (${duplicateKeys.n} doubled)`]: duplicateKeys.n === "0",
      [`every points entry names a counted bet (${uncounted.n} do not)`]: uncounted.n === "0",
    },
    entries: Number(entries.n),
    pointsEntries: Number(points.n),
    unsweptBets: Number(unswept.n),
  };
}

interface Accepted {
  kind: "spin" | "transfer" | "deposit";
  member: { id: string };
  key: string;
}

/** How many accepted operations left no trace, and how many left two. */
export async function keysInLedger(db: Database, accepted: readonly Accepted[]) {
  let missing = 0;
  let doubled = 0;
  for (const op of accepted) {
    const { rows } =
      op.kind === "spin"
        ? await sql<{ n: string }>`
            select count(*)::text as n from game_rounds
             where member_id = ${op.member.id} and round_key = ${op.key}`.execute(db)
        : await sql<{ n: string }>`
            select count(*)::text as n from entries where idempotency_key = ${
              op.kind === "transfer"
                ? `m${op.member.id}:transfer:${op.key}`
                : `deposit:${op.key.replace(/^CL-/, "")}`
            }`.execute(db);
    const count = Number(rows[0]!.n);
    if (count === 0) missing++;
    if (count > 1) doubled++;
  }
  return { missing, doubled };
}
