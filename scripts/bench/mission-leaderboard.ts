// Loader time of /member/missions (progress, history and this week's
// leaderboard), of the leaderboard alone and of the member-centre layout (the
// missions badge), with BENCH_MEMBERS (100,000) members who each claimed two
// missions this week. One claim is real (claimMission, its ledger entry); the
// bulk rows are written by SQL beside it and share that entry, since the
// bench reads claims and scores, not the ledger. The viewer sits mid-table,
// so its own rank counts about half the board. Run by
// scripts/bench-missions.sh (bundled with esbuild). BENCH_DATABASE_URL
// selects PostgreSQL; without it PGlite in a temporary directory. Prints one JSON line.
import { sql } from "kysely";
import { migrateToLatest } from "~/platform/db/open.server";
import { findMemberByAccount } from "~/platform/identity/members.server";
import { claimMission } from "~/platform/rewards/missions/mission-claims.server";
import { missionLeaderboard } from "~/platform/rewards/missions/mission-leaderboard.server";
import { promotionPeriod } from "~/platform/rewards/promotion-periods";
import { seedDemoBrand } from "~/platform/seed/seed.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { loader as memberLayoutLoader } from "~/routes/_portal+/member+/_layout";
import { loader as missionsLoader } from "~/routes/_portal+/member+/missions";
import { benchDatabase, signedInLoaders, timeRuns } from "./loader-timing";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const time = (run: () => Promise<unknown>) => timeRuns(run, RUNS);

async function main() {
  const bench = await benchDatabase("missions");
  const { db } = bench.handle;
  const built = performance.now();
  await migrateToLatest(db);
  await seedDemoBrand(db);
  const brand = await getBrandConfig(db);
  const now = new Date();
  const weekKey = promotionPeriod("W", now, brand.timeZone).key;

  // One real claim: player01 bets Rs 100 on slots today and claims the daily slots mission.
  const player = (await findMemberByAccount(db, "player01"))!;
  await sql`insert into bets (member_id, vassalage, round_id, category, game_code, game_name, stake, valid_bet, payout, status, placed_at, settled_at)
            values (${player.id}, 'PG', 'bench-round', 'RNG', 'PG-0001', 'Bench Slot', 10000, 10000, 0, 'settled', ${now}, ${now})`.execute(
    db,
  );
  const slots = await db
    .selectFrom("missions")
    .select("id")
    .where("code", "=", "daily-slots")
    .executeTakeFirstOrThrow();
  const { claim } = await claimMission(
    db,
    { memberId: player.id, missionId: String(slots.id), formKey: "bench-claim-0001" },
    brand.timeZone,
    now,
  );
  const weekly = await db
    .selectFrom("missions")
    .select("id")
    .where("code", "=", "weekly-explorer")
    .executeTakeFirstOrThrow();

  await sql`insert into members (account, type, password_hash, profile, created_at)
            select 'bench' || n, 0, '!bench', '{}', ${now} from generate_series(1, ${MEMBERS}) n`.execute(
    db,
  );
  // Two claims each this week (daily-slots today, weekly-explorer), and the week's score.
  await sql`insert into mission_claims (mission_id, member_id, period_key, form_key, progress, target, reward_kind, reward_amount, turnover_multiple, mission_points, ledger_entry_id, claimed_at)
            select m.mission_id, mem.id, m.period_key, 'bench-' || mem.id, 10000, 1, 'cash', 1000, 0, m.points, ${claim.ledger_entry_id},
                   ${now}::timestamptz - (mem.id % 3600) * interval '1 second'
              from members mem
              cross join (values (${slots.id}::bigint, ${claim.period_key}, 10), (${weekly.id}::bigint, ${weekKey}, 30)) m (mission_id, period_key, points)
             where mem.account like 'bench%'`.execute(db);
  await sql`insert into mission_scores (week_key, member_id, points, reached_at)
            select ${weekKey}, mem.id, 10 + (mem.id * 7919) % 500, ${now}::timestamptz - (mem.id % 3600) * interval '1 second'
              from members mem where mem.account like 'bench%'`.execute(db);
  await sql`analyze`.execute(db);
  const setupSeconds = (performance.now() - built) / 1000;

  // A viewer mid-table: its own rank counts about half the board.
  const viewer = await db
    .selectFrom("mission_scores as s")
    .innerJoin("members as m", "m.id", "s.member_id")
    .select(["s.member_id", "m.account"])
    .where("s.week_key", "=", weekKey)
    .where("s.points", "=", "260")
    .orderBy("s.member_id")
    .executeTakeFirstOrThrow();

  const call = await signedInLoaders(bench.handle, String(viewer.member_id), "member");
  const board = await missionLeaderboard(db, String(viewer.member_id), brand.timeZone);
  const results = {
    page: await time(call(missionsLoader, "/member/missions")),
    leaderboard: await time(() => missionLeaderboard(db, String(viewer.member_id), brand.timeZone)),
    layout: await time(call(memberLayoutLoader, "/member/missions")),
  };
  console.log(
    JSON.stringify({
      database: bench.engine,
      members: MEMBERS,
      viewerRank: board.own?.rank ?? null,
      setupSeconds,
      ...results,
    }),
  );
  await bench.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
