// Loader time of the reward centre (/member/rewards, its three tabs), the
// promotions page (/promotions, as a member and as a visitor) and the portal
// layout (the header's unclaimed count), for a member who has joined
// BENCH_JOINED promotions among BENCH_PROMOTIONS published ones besides the
// demo brand's, with the demo seed's members in every promotion state. The
// promotions and entries are made through the platform's own calls; the
// loaders are the routes' own, called with a signed-in member's Request.
// Run by scripts/bench-rewards.sh (bundled with esbuild). BENCH_DATABASE_URL
// selects PostgreSQL; without it PGlite in a temporary directory. Prints one JSON line.
import { sql } from "kysely";
import { migrateToLatest } from "~/platform/db/open.server";
import { findMemberByAccount } from "~/platform/identity/members.server";
import { joinPromotion } from "~/platform/rewards/promotion-actions.server";
import { createPromotion, setPromotionStatus } from "~/platform/rewards/promotion-admin.server";
import { seedDemoBrand } from "~/platform/seed/seed.server";
import { loader as layoutLoader } from "~/routes/_portal+/_layout";
import { loader as rewardsLoader } from "~/routes/_portal+/member+/rewards";
import { loader as promotionsLoader } from "~/routes/_portal+/promotions";
import { benchDatabase, signedInLoaders, timeRuns } from "./loader-timing";

const PROMOTIONS = Number(process.env.BENCH_PROMOTIONS ?? 60);
const JOINED = Number(process.env.BENCH_JOINED ?? 40);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const time = (run: () => Promise<unknown>) => timeRuns(run, RUNS);

async function main() {
  const bench = await benchDatabase("rewards");
  const { db } = bench.handle;
  const built = performance.now();
  await migrateToLatest(db);
  await seedDemoBrand(db);
  const operator = (await findMemberByAccount(db, "ops01"))!;
  const member = (await findMemberByAccount(db, "promo03"))!;
  const act = { operatorId: operator.id, context: { ip: null, userAgent: "bench" } };
  for (let n = 0; n < PROMOTIONS; n++) {
    const id = await createPromotion(
      db,
      {
        code: `bench-${n}`,
        category: n % 2 ? "slots" : "deposit",
        kind: "reload",
        claimMode: "join_claim",
        period: "D",
        titles: { en: `Bench reload ${n}`, ur: `بینچ ری لوڈ ${n}` },
        rulesHtml: { en: "<ul><li>Deposit, then claim.</li></ul>" },
        startsAt: new Date(Date.now() - 86_400_000).toISOString(),
        rewardBps: "1000",
        rewardCap: "10000",
        turnoverMultiple: "500",
      },
      { ...act, timeZone: "Asia/Karachi" },
    );
    await setPromotionStatus(db, id, "published", act);
    if (n < JOINED) await joinPromotion(db, { memberId: member.id, promotionId: id });
  }
  await sql`analyze`.execute(db);
  const setupSeconds = (performance.now() - built) / 1000;

  const call = await signedInLoaders(bench.handle, member.id, "member");
  const results = {
    available: await time(call(rewardsLoader, "/member/rewards")),
    progress: await time(call(rewardsLoader, "/member/rewards?tab=progress")),
    history: await time(call(rewardsLoader, "/member/rewards?tab=history")),
    promotionsMember: await time(call(promotionsLoader, "/promotions")),
    promotionsVisitor: await time(call(promotionsLoader, "/promotions", false)),
    layout: await time(call(layoutLoader, "/member/rewards")),
  };
  console.log(
    JSON.stringify({
      database: bench.engine,
      promotions: PROMOTIONS,
      joined: JOINED,
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
