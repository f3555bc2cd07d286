import { afterAll, beforeAll } from "vitest";
import type { Database, DatabaseHandle } from "~/platform/db/open.server";
import { inTransaction } from "~/platform/db/transaction.server";
import { PlatformError } from "~/platform/errors";
import { payNewEntry } from "~/platform/rewards/bonus-grants.server";
import { createPromotion, setPromotionStatus } from "~/platform/rewards/promotion-admin.server";
import type { PromotionFormValues } from "~/platform/rewards/promotion-input";
import { loadPromotion } from "~/platform/rewards/promotion-rows.server";
import { loadBrandFile } from "~/platform/seed/seed.server";
import { writeSetting } from "~/platform/system/settings.server";
import { insertMember } from "./wallet";

/**
 * A migrated database (`open`: the test file's createTestDatabase, so the file
 * imports helpers/database and runs on the PostgreSQL leg too) with the demo
 * brand's settings and no seeded members: a rewards test counts only the
 * members, bets and levels it makes itself.
 */
export function useRewardsDatabase(open: () => Promise<DatabaseHandle>) {
  const current = {} as { handle: DatabaseHandle };
  beforeAll(async () => {
    current.handle = await open();
    await writeSetting(current.handle.db, "brand", loadBrandFile());
  });
  afterAll(() => current.handle?.close());
  return {
    get db() {
      return current.handle.db;
    },
    get kind() {
      return current.handle.kind;
    },
  };
}

export interface TestLevel {
  level: number;
  minDeposits?: number;
  minValidBets?: number;
  upgradeBonus?: number;
  withdrawDailyCount?: number | null;
  withdrawMax?: number | null;
  rates?: Record<string, number>;
}

/**
 * Replaces every VIP level with these (names "L<n>" in English, "درجہ <n>" in Urdu); the next
 * scheduler run looks at every member again, as after an operator's edit.
 */
export async function setLevels(db: Database, levels: TestLevel[]) {
  await db.deleteFrom("vip_levels").execute();
  await db.updateTable("vip_scan").set({ scanned_until: null }).execute();
  await db
    .insertInto("vip_levels")
    .values(
      levels.map((level) => ({
        level: level.level,
        names: JSON.stringify({ en: `L${level.level}`, ur: `درجہ ${level.level}` }),
        min_deposits: level.minDeposits ?? 0,
        min_valid_bets: level.minValidBets ?? 0,
        upgrade_bonus: level.upgradeBonus ?? 0,
        withdraw_daily_count: level.withdrawDailyCount ?? null,
        withdraw_max: level.withdrawMax ?? null,
      })),
    )
    .execute();
  const rates = levels.flatMap((level) =>
    Object.entries(level.rates ?? {}).map(([category, rate_bps]) => ({
      level: level.level,
      category,
      rate_bps,
    })),
  );
  if (rates.length > 0) await db.insertInto("vip_rebate_rates").values(rates).execute();
}

/** What a refused platform call threw: its code and details (anything else fails the test). */
export async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof PlatformError)) throw error ?? new Error("expected a refusal");
  return { code: error.code, details: error.details };
}

/** The postings of the entries whose key matches a LIKE pattern: key, entry kind, account kind, amount. */
export async function postingsByKey(db: Database, pattern: string) {
  const rows = await db
    .selectFrom("entries")
    .innerJoin("postings", "postings.entry_id", "entries.id")
    .innerJoin("accounts", "accounts.id", "postings.account_id")
    .select([
      "entries.idempotency_key as key",
      "entries.kind",
      "postings.amount",
      "accounts.kind as account",
    ])
    .where("entries.idempotency_key", "like", pattern)
    .orderBy("entries.id")
    .orderBy("postings.amount")
    .execute();
  return rows.map((row) => ({ ...row, amount: String(row.amount) }));
}

/** An operator and the act (who, from where) the operator API records in the audit log. */
export async function operatorAct(db: Database) {
  const operatorId = await insertMember(db, { type: 9 });
  return { operatorId, context: { ip: "203.0.113.9", userAgent: "vitest" } };
}

let serial = 0;

/**
 * A published promotion (a first-deposit match by default: 100 % up to 500.00,
 * no turnover) with `overrides`, through the operator API. Returns its id.
 */
export async function publishedPromotion(
  db: Database,
  act: Awaited<ReturnType<typeof operatorAct>>,
  overrides: PromotionFormValues = {},
  status: "published" | "draft" | "closed" = "published",
) {
  const id = await createPromotion(
    db,
    {
      code: `test-${process.pid}-${++serial}`,
      category: "deposit",
      kind: "first_deposit",
      claimMode: "join_claim",
      titles: { en: "Test promotion", ur: "ٹیسٹ پروموشن" },
      rulesHtml: { en: "<p>Rules</p><script>alert(1)</script>" },
      startsAt: new Date(Date.now() - 86_400_000).toISOString(),
      rewardBps: 10_000,
      rewardCap: 50_000,
      ...overrides,
    },
    { ...act, timeZone: "Asia/Karachi" },
  );
  if (status !== "draft") await setPromotionStatus(db, id, "published", act);
  if (status === "closed") await setPromotionStatus(db, id, "closed", act);
  return id;
}

/**
 * A bonus being wagered by `memberId`: a fixed registration bonus of
 * `amount` (10× turnover unless `overrides` say otherwise) issued to the
 * member through the platform, its promotion closed right after so no later
 * registration in the test's database gets it too. Returns the promotion id.
 */
export async function wageringBonus(
  db: Database,
  memberId: string,
  amount: bigint,
  overrides: PromotionFormValues = {},
) {
  const act = await operatorAct(db);
  const promotionId = await publishedPromotion(db, act, {
    kind: "registration",
    claimMode: "automatic",
    category: "newPlayer",
    titles: { en: "Wagered bonus", ur: "شرط والا بونس" },
    rewardBps: "",
    rewardCap: "",
    rewardFixed: amount.toString(),
    turnoverMultiple: 1_000,
    ...overrides,
  });
  await inTransaction(db, async (trx) =>
    payNewEntry(
      trx,
      {
        promotion: await loadPromotion(trx, promotionId),
        memberId,
        periodKey: "once",
        action: "issue",
        amount,
      },
      new Date(),
    ),
  );
  await setPromotionStatus(db, promotionId, "closed", act);
  return promotionId;
}
