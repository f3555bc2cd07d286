// The points sweep's cost per settled bet (issue 15): BENCH_BETS (20,000)
// settled slot bets of BENCH_PLAYERS (20) members, as the seamless wallet
// leaves them, then one `sweepBetPoints` over all of them (one claim row per
// bet, one ledger entry per member), timed; then a second sweep that finds
// nothing. Run by scripts/bench-points.sh (bundled with esbuild).
// BENCH_DATABASE_URL selects PostgreSQL; without it an in-memory PGlite.
// Prints one JSON line.
import { sql } from "kysely";
import { migrateToLatest, openDatabase } from "~/platform/db/open.server";
import { sweepBetPoints } from "~/platform/rewards/points/earning.server";
import { seedDemoBrand } from "~/platform/seed/seed.server";

const url = process.env.BENCH_DATABASE_URL;
const BETS = Number(process.env.BENCH_BETS ?? 20_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 20);

async function main() {
  const handle = url
    ? await openDatabase({ kind: "postgres", url, poolSize: 4 })
    : await openDatabase({ kind: "pglite" });
  const { db } = handle;
  await migrateToLatest(db);
  await seedDemoBrand(db);
  const now = new Date();
  const settled = new Date(now.getTime() - 60_000);
  await db
    .updateTable("points_sweep")
    .set({ swept_until: new Date(now.getTime() - 5 * 60_000) })
    .execute();
  const members = await db
    .insertInto("members")
    .values(
      Array.from({ length: PLAYERS }, (_, n) => ({
        account: `sweep${n}_${Date.now()}`,
        type: 0,
        password_hash: "!bench",
        profile: "{}",
        created_at: now,
      })),
    )
    .returning("id")
    .execute();
  await sql`
    insert into bets (member_id, vassalage, round_id, category, game_code, game_name, stake, valid_bet, payout, status, placed_at, settled_at)
    select (${sql.val(members.map((m) => m.id))}::bigint[])[1 + n % ${PLAYERS}], 'PG', 'sweep-' || n, 'RNG', 'PG-0001', 'Slot',
           100, 100, 0, 'settled', ${settled}, ${settled}
      from generate_series(1, ${BETS}) n`.execute(db);
  await sql`analyze bets`.execute(db);
  const started = performance.now();
  const entries = await sweepBetPoints(db, now);
  const ms = performance.now() - started;
  const again = performance.now();
  const second = await sweepBetPoints(db, new Date(now.getTime() + 1_000));
  const emptyMs = performance.now() - again;
  await handle.close();
  console.log(JSON.stringify({ bets: BETS, entries, ms, perBetMs: ms / BETS, second, emptyMs }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
