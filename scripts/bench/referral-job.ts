// The referral reward job (payDueReferralRewards) and /member/referral's
// loader at scale: BENCH_FRIENDS qualified friends spread over 100
// referrers, as many friends still waiting (no deposit), and one referrer
// with BENCH_BIG_FRIENDS friends whose page is timed. The rows are written
// with SQL (the bench measures the job and the page, not the deposits);
// the job pays through the ledger as in production. Run by
// scripts/bench-referral.sh (bundled with esbuild). BENCH_DATABASE_URL selects
// PostgreSQL; without it PGlite in a temporary directory. Prints one JSON line.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { migrateToLatest, openDatabase, type Database } from "~/platform/db/open.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { createSession } from "~/platform/identity/sessions.server";
import { payDueReferralRewards } from "~/platform/rewards/referral/rewards.server";
import { seedDemoBrand } from "~/platform/seed/seed.server";
import { loader as layoutLoader } from "~/routes/_portal+/_layout";
import { loader as referralLoader } from "~/routes/_portal+/member+/referral";
import { sessionCookieHeader } from "~/utils/session.server";
import { timeRuns } from "./loader-timing";

const url = process.env.BENCH_DATABASE_URL;
const FRIENDS = Number(process.env.BENCH_FRIENDS ?? 2000);
const BIG = Number(process.env.BENCH_BIG_FRIENDS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

/** `count` members named prefix1…, each a friend of the referrer `referrerOf(n)` names; qualified ones deposited and bet. */
async function friends(
  db: Database,
  prefix: string,
  count: number,
  referrer: (n: string) => ReturnType<typeof sql>,
  qualified: boolean,
) {
  await sql`insert into members (account, type, password_hash, profile, created_at)
    select ${prefix} || g, 0, '!bench', '{}', now() - interval '2 hours'
    from generate_series(1, ${count}) g`.execute(db);
  await sql`insert into referrals (friend_id, referrer_id, created_at)
    select f.id, (${referrer("f")}), now() - interval '1 hour'
    from members f where f.account like ${`${prefix}%`}`.execute(db);
  if (!qualified) return;
  await sql`insert into deposits (member_id, channel, amount, status, idempotency_key, created_at, settled_at)
    select id, 'bench', 20000, 'confirmed', 'bench:' || id, now(), now()
    from members where account like ${`${prefix}%`}`.execute(db);
  await sql`insert into bets (member_id, vassalage, round_id, category, game_code, game_name,
      stake, valid_bet, payout, status, placed_at, settled_at)
    select id, 'PG', 'bench-' || id, 'RNG', 'G1', 'Bench slot', 30000, 30000, 0, 'settled', now(), now()
    from members where account like ${`${prefix}%`}`.execute(db);
}

async function main() {
  const dir = url ? null : mkdtempSync(join(tmpdir(), "bench-referral-"));
  const handle = url
    ? await openDatabase({ kind: "postgres", url, poolSize: 4 })
    : await openDatabase({ kind: "pglite", dataDir: dir! });
  const { db } = handle;
  const built = performance.now();
  await migrateToLatest(db);
  await seedDemoBrand(db);
  await sql`insert into members (account, type, password_hash, profile, created_at)
    select 'bref' || g, 0, '!bench', '{}', now() - interval '1 day'
    from generate_series(0, 100) g`.execute(db);
  const spread = (alias: string) =>
    sql`select r.id from members r where r.account = 'bref' || (1 + (${sql.ref(`${alias}.id`)} % 100))`;
  await friends(db, "bqf", FRIENDS, spread, true);
  await friends(db, "bwf", FRIENDS, spread, false);
  await friends(db, "bbig", BIG, () => sql`select id from members where account = 'bref0'`, true);
  await sql`analyze`.execute(db);
  const setupSeconds = (performance.now() - built) / 1000;

  const jobStarted = performance.now();
  let paid = 0;
  let runs = 0;
  for (let done = -1; done !== 0; runs++) {
    done = await payDueReferralRewards(db);
    paid += done;
  }
  const jobSeconds = (performance.now() - jobStarted) / 1000;
  const idle = await timeRuns(() => payDueReferralRewards(db), 10);

  globalThis.__platformDatabase = Promise.resolve(handle);
  const big = await db
    .selectFrom("members")
    .select("id")
    .where("account", "=", "bref0")
    .executeTakeFirstOrThrow();
  const session = await createSession(
    db,
    { memberId: big.id, site: "member", remember: false, ip: null, userAgent: null },
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
  console.log(
    JSON.stringify({
      database: url ? "postgresql" : "pglite",
      friends: FRIENDS,
      big: BIG,
      setupSeconds,
      paid,
      runs,
      jobSeconds,
      idle,
      page: await timeRuns(call(referralLoader, "/member/referral"), RUNS),
      layout: await timeRuns(call(layoutLoader, "/member/referral"), RUNS),
    }),
  );
  await handle.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
