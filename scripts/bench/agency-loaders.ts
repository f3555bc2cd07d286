// Loader time of the agent centre's team overview (/agentHome) and team
// betting (/agentHome/team-betting) for an agent with 10,000 downline members
// (BENCH_TEAM) and 1,000,000 of their bets (BENCH_BETS) over the last 30 days,
// beside another agent's team (a tenth of the size) that must stay out of
// every figure. The bench data is written with set-based SQL (the seamless
// wallet writes real bets one round at a time, which would take hours here);
// the closure table is kept by its trigger as always. The loaders are the
// routes' own, called with a signed-in agent's Request.
// Run by scripts/bench-agency.sh (bundled with esbuild). BENCH_DATABASE_URL
// selects PostgreSQL; without it PGlite in a temporary directory. Prints one JSON line.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { addDays, dayIn } from "~/platform/calendar/date-range";
import { migrateToLatest, openDatabase, type Database } from "~/platform/db/open.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { createSession } from "~/platform/identity/sessions.server";
import { seedDemoBrand } from "~/platform/seed/seed.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { loader as teamOverviewLoader } from "~/routes/agentHome+/index";
import { loader as teamBettingLoader } from "~/routes/agentHome+/team-betting";
import { sessionCookieHeader } from "~/utils/session.server";
import { timeRuns } from "./loader-timing";

const url = process.env.BENCH_DATABASE_URL;
const TEAM = Number(process.env.BENCH_TEAM ?? 10_000);
const BETS = Number(process.env.BENCH_BETS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const SUB_AGENTS = 20;
const CHUNK = 100_000;
const DAY_SECONDS = 86_400;

/** An agent (type 1) with SUB_AGENTS sub-agents; `members` members, a fifth direct, the rest under the sub-agents. */
async function buildTeam(db: Database, prefix: string, members: number): Promise<string> {
  const top = await db
    .insertInto("members")
    .values({
      account: `${prefix}top`,
      type: 1,
      password_hash: "!bench",
      profile: "{}",
      created_at: new Date(),
      agent_rate: 5_000,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await sql`insert into members (account, type, parent_id, password_hash, profile, created_at, agent_rate)
            select ${prefix} || 'sub' || g, 2, ${top.id}, '!bench', '{}', now() - interval '60 days', 2000 from generate_series(1, ${SUB_AGENTS}) g`.execute(
    db,
  );
  // Members joined over the last 60 days; the direct ones first, then round-robin under the sub-agents.
  await sql`insert into members (account, type, parent_id, password_hash, profile, created_at)
            select ${prefix} || 'm' || g, 0,
                   case when g <= ${members / 5} then ${top.id}::bigint
                        else (select id from members where account = ${prefix} || 'sub' || (1 + g % ${SUB_AGENTS})) end,
                   '!bench', '{}', now() - (g % 60) * interval '1 day'
              from generate_series(1, ${members}) g`.execute(db);
  return top.id;
}

/** `count` settled bets of the members whose account starts with `prefix` + 'm', spread over 30 days. */
async function placeBets(db: Database, prefix: string, count: number) {
  await sql`create temporary table if not exists bench_players (n integer primary key, id bigint not null)`.execute(
    db,
  );
  await sql`truncate bench_players`.execute(db);
  await sql`insert into bench_players select row_number() over (order by id) - 1, id from members where account like ${prefix + "m%"}`.execute(
    db,
  );
  const players = Number(
    (await sql<{ n: string }>`select count(*)::text as n from bench_players`.execute(db)).rows[0]!
      .n,
  );
  for (let start = 0; start < count; start += CHUNK) {
    const end = Math.min(count, start + CHUNK) - 1;
    await sql`insert into bets (member_id, vassalage, round_id, category, game_code, game_name, stake, valid_bet, payout, status, placed_at, settled_at)
              select p.id, 'PG', ${prefix} || g, 'RNG', 'PG-0001', 'Bench Slot',
                     s.stake, s.stake, case when g % 5 = 0 then s.stake * 2 when g % 7 = 0 then s.stake else 0 end,
                     'settled', t.at, t.at + interval '1 minute'
                from generate_series(${start}::int, ${end}::int) g
                join bench_players p on p.n = g % ${players}
                cross join lateral (select (100 + (g::bigint * 7919) % 20000)::bigint as stake) s
                cross join lateral (select now() - ((g::bigint * 104729) % (30 * ${DAY_SECONDS})) * interval '1 second' as at) t`.execute(
      db,
    );
  }
}

const time = (run: () => Promise<unknown>) => timeRuns(run, RUNS);

async function main() {
  const dir = url ? null : mkdtempSync(join(tmpdir(), "bench-agency-"));
  const handle = url
    ? await openDatabase({ kind: "postgres", url, poolSize: 4 })
    : await openDatabase({ kind: "pglite", dataDir: dir! });
  const { db } = handle;
  const built = performance.now();
  await migrateToLatest(db);
  await seedDemoBrand(db);
  const agentId = await buildTeam(db, "bench", TEAM);
  await buildTeam(db, "other", TEAM / 10);
  await placeBets(db, "bench", BETS);
  await placeBets(db, "other", BETS / 10);
  await sql`analyze`.execute(db);
  const setupSeconds = (performance.now() - built) / 1000;

  globalThis.__platformDatabase = Promise.resolve(handle);
  const session = await createSession(
    db,
    { memberId: agentId, site: "agent", remember: false, ip: null, userAgent: null },
    identityPolicy(),
  );
  const cookie = (await sessionCookieHeader(new Request("http://localhost/"), session)).split(
    ";",
  )[0]!;
  const call = (loader: (args: never) => Promise<Response>, path: string) => async () => {
    const response = await loader({
      request: new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    } as never);
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    await response.text();
  };
  const today = dayIn((await getBrandConfig(db)).timeZone, new Date());
  const last30 = `from=${addDays(today, -29)}&to=${today}`;
  const results = {
    overview7: await time(call(teamOverviewLoader, "/agentHome")),
    overview30: await time(call(teamOverviewLoader, `/agentHome?${last30}`)),
    betting7: await time(call(teamBettingLoader, "/agentHome/team-betting")),
    betting30page50: await time(
      call(teamBettingLoader, `/agentHome/team-betting?${last30}&page=50`),
    ),
    bettingAccount: await time(
      call(teamBettingLoader, "/agentHome/team-betting?account=benchm4242"),
    ),
  };
  console.log(
    JSON.stringify({
      database: url ? "postgresql" : "pglite",
      team: TEAM,
      bets: BETS,
      setupSeconds,
      ...results,
    }),
  );
  await handle.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
