import { CATEGORIES } from "../catalog/categories";
import type { Database } from "../db/open.server";

/**
 * The demo brand's VIP levels (ADR 16), with names in English and Urdu and
 * rebate rates per category in basis points. Thresholds sit above what the
 * other demo players have deposited and bet, so the scheduler leaves their
 * balances and messages alone; vipstar (VIP 3) and two crew members show the
 * levels. Idempotent (marker row).
 */
type Rates = Record<string, number>;

/** The same rate for every game category except those named. */
const ratesOf = (base: number, overrides: Rates = {}): Rates => ({
  ...Object.fromEntries(CATEGORIES.map((category) => [category, base])),
  ...overrides,
});

export const DEMO_VIP_LEVELS = [
  {
    level: 0,
    names: { en: "Member", ur: "رکن" },
    minDeposits: 0,
    minValidBets: 0,
    upgradeBonus: 0,
    withdrawDailyCount: null,
    withdrawMax: null,
    rates: ratesOf(20, { LIVE: 10, SPORTS: 10, LOTT: 0, ELOTT: 0 }),
  },
  {
    level: 1,
    names: { en: "Bronze", ur: "کانسی" },
    minDeposits: 2_000_000,
    minValidBets: 1_000_000,
    upgradeBonus: 5_000,
    withdrawDailyCount: 6,
    withdrawMax: 6_000_000,
    rates: ratesOf(40, { LIVE: 20, SPORTS: 30 }),
  },
  {
    level: 2,
    names: { en: "Silver", ur: "چاندی" },
    minDeposits: 5_000_000,
    minValidBets: 2_500_000,
    upgradeBonus: 20_000,
    withdrawDailyCount: 8,
    withdrawMax: 10_000_000,
    rates: ratesOf(60, { LIVE: 30, SPORTS: 45 }),
  },
  {
    level: 3,
    names: { en: "Gold", ur: "سونا" },
    minDeposits: 20_000_000,
    minValidBets: 10_000_000,
    upgradeBonus: 80_000,
    withdrawDailyCount: 10,
    withdrawMax: 20_000_000,
    rates: ratesOf(80, { LIVE: 40, SPORTS: 60 }),
  },
  {
    level: 4,
    names: { en: "Platinum", ur: "پلاٹینم" },
    minDeposits: 100_000_000,
    minValidBets: 50_000_000,
    upgradeBonus: 300_000,
    withdrawDailyCount: 20,
    withdrawMax: 50_000_000,
    rates: ratesOf(100, { LIVE: 50, SPORTS: 80 }),
  },
] as const;

/** Demo members at a level besides vipstar (VIP 3 in the accounts' seed). */
const DEMO_MEMBER_LEVELS: Record<string, number> = { crew03: 1, crew04: 2 };

export async function seedDemoVip(db: Database) {
  const marker = await db
    .selectFrom("settings")
    .select("key")
    .where("key", "=", "seed_vip")
    .executeTakeFirst();
  if (marker) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("vip_levels")
      .values(
        DEMO_VIP_LEVELS.map((level) => ({
          level: level.level,
          names: JSON.stringify(level.names),
          min_deposits: level.minDeposits,
          min_valid_bets: level.minValidBets,
          upgrade_bonus: level.upgradeBonus,
          withdraw_daily_count: level.withdrawDailyCount,
          withdraw_max: level.withdrawMax,
        })),
      )
      .execute();
    await trx
      .insertInto("vip_rebate_rates")
      .values(
        DEMO_VIP_LEVELS.flatMap((level) =>
          Object.entries(level.rates)
            .filter(([, rate]) => rate > 0)
            .map(([category, rate_bps]) => ({ level: level.level, category, rate_bps })),
        ),
      )
      .execute();
    for (const [account, level] of Object.entries(DEMO_MEMBER_LEVELS)) {
      await trx
        .updateTable("members")
        .set({ vip_level: level })
        .where("account", "=", account)
        .execute();
    }
    await trx
      .insertInto("settings")
      .values({ key: "seed_vip", value: JSON.stringify({ at: new Date().toISOString() }) })
      .execute();
  });
  return true;
}
