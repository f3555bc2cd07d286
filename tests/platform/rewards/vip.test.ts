import { sql } from "kysely";
import { beforeEach, describe, expect, test } from "vitest";
import { runScheduledWork } from "~/platform/agency/scheduler.server";
import {
  progressToNext,
  rebateAmount,
  targetLevel,
  withdrawPolicyFor,
  type VipLevel,
} from "~/platform/rewards/vip-levels";
import {
  saveVipLevel,
  upgradeDueMembers,
  upgradeVipLevel,
  type VipLevelInput,
} from "~/platform/rewards/vip.server";
import { confirmDeposit, createDeposit } from "~/platform/wallet/deposits.server";
import { HOUSE, MAIN } from "~/platform/wallet/ledger.server";
import { insertSettledBet } from "../../helpers/agency";
import { createTestDatabase } from "../../helpers/database";
import { postingsByKey, refusal, setLevels, useRewardsDatabase } from "../../helpers/rewards";
import { formKey, insertMember, testWalletPolicy } from "../../helpers/wallet";

const handle = useRewardsDatabase(() => createTestDatabase({ poolSize: 8 }));
const policy = testWalletPolicy();
const DAY = 86_400_000;
const NOW = new Date("2030-03-10T12:00:00Z");
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

const LEVELS = [
  { level: 0, rates: { RNG: 10 } },
  { level: 1, minDeposits: 10_000, minValidBets: 5_000, upgradeBonus: 1_000 },
  { level: 2, minDeposits: 50_000, minValidBets: 20_000, upgradeBonus: 5_000 },
  { level: 3, minDeposits: 500_000, minValidBets: 200_000, upgradeBonus: 20_000 },
];

beforeEach(async () => {
  await setLevels(handle.db, LEVELS);
});

async function deposit(memberId: string, amount: number, at = NOW) {
  const created = await createDeposit(
    handle.db,
    { memberId, channel: "demo-pay", amount: BigInt(amount), key: formKey() },
    policy,
    at,
  );
  return confirmDeposit(handle.db, created.id, at);
}

const bet = (memberId: string, validBet: number, at = ago(1)) =>
  insertSettledBet(handle.db, memberId, {
    stake: BigInt(validBet),
    payout: 0n,
    at,
  });

async function levelOf(memberId: string) {
  const row = await handle.db
    .selectFrom("members")
    .select("vip_level")
    .where("id", "=", memberId)
    .executeTakeFirstOrThrow();
  return row.vip_level;
}

/** The member's VIP bonus postings: key, kind, amount and account. */
const vipBonuses = (memberId: string) => postingsByKey(handle.db, `vip:m${memberId}:%`);

async function messagesOf(memberId: string) {
  const rows = await handle.db
    .selectFrom("member_messages")
    .select(["kind", "params"])
    .where("member_id", "=", memberId)
    .where("kind", "like", "vip_%")
    .orderBy("id")
    .execute();
  return rows;
}

describe("VIP upgrades", () => {
  test("a confirmed deposit that crosses a threshold raises the level in its transaction, pays the bonus through the ledger and tells the member", async () => {
    const member = await insertMember(handle.db);
    await bet(member, 6_000);
    await deposit(member, 9_999);
    expect(await levelOf(member)).toBe(0);
    await deposit(member, 1);
    expect(await levelOf(member)).toBe(1);
    expect(await vipBonuses(member)).toEqual([
      { key: `vip:m${member}:1`, kind: "bonus", amount: "-1000", account: HOUSE.bonuses },
      { key: `vip:m${member}:1`, kind: "bonus", amount: "1000", account: MAIN },
    ]);
    expect(await messagesOf(member)).toEqual([
      { kind: "vip_upgraded_bonus", params: { level: "1", amount: "1000" } },
    ]);
  });

  test("a jump over several levels pays each level's bonus once; replays, reruns and two runners pay nothing more", async () => {
    const member = await insertMember(handle.db);
    await bet(member, 25_000);
    await deposit(member, 60_000, ago(2));
    // The deposit was confirmed at ago(2), when the bets (ago(1)) did not exist yet: the scheduler finds it.
    expect(await levelOf(member)).toBe(0);
    const [first, second] = await Promise.all([
      upgradeDueMembers(handle.db, NOW),
      upgradeDueMembers(handle.db, NOW),
    ]);
    expect(first + second).toBe(1);
    expect(await levelOf(member)).toBe(2);
    expect((await vipBonuses(member)).filter((row) => row.account === MAIN)).toEqual([
      { key: `vip:m${member}:1`, kind: "bonus", amount: "1000", account: MAIN },
      { key: `vip:m${member}:2`, kind: "bonus", amount: "5000", account: MAIN },
    ]);
    expect(await upgradeVipLevel(handle.db, member, NOW)).toBeNull();
    expect(await upgradeDueMembers(handle.db, NOW)).toBe(0);
    expect(await runScheduledWork(handle.db, "Asia/Karachi", NOW)).toMatchObject({
      vipUpgrades: 0,
    });
    const upgrades = await handle.db
      .selectFrom("vip_upgrades")
      .select(["level", "bonus"])
      .where("member_id", "=", member)
      .orderBy("level")
      .execute();
    expect(upgrades.map((row) => [row.level, String(row.bonus)])).toEqual([
      [1, "1000"],
      [2, "5000"],
    ]);
    expect(await messagesOf(member)).toEqual([
      { kind: "vip_upgraded_bonus", params: { level: "2", amount: "6000" } },
    ]);
  });

  test("parallel upgrades of one member (deposit hook and scheduler runners) pay each level once", async () => {
    const member = await insertMember(handle.db);
    await bet(member, 25_000);
    await deposit(member, 40_000, ago(3));
    const created = await createDeposit(
      handle.db,
      { memberId: member, channel: "demo-pay", amount: 20_000n, key: formKey() },
      policy,
      NOW,
    );
    await Promise.all([
      confirmDeposit(handle.db, created.id, NOW),
      upgradeVipLevel(handle.db, member, NOW),
      upgradeVipLevel(handle.db, member, NOW),
      upgradeDueMembers(handle.db, NOW),
    ]);
    expect(await levelOf(member)).toBe(2);
    expect((await vipBonuses(member)).filter((row) => row.account === MAIN)).toHaveLength(2);
  });

  test("levels never fall: not when the rolling window empties, not when the operator raises a threshold", async () => {
    const member = await insertMember(handle.db);
    await bet(member, 6_000);
    await deposit(member, 10_000);
    expect(await levelOf(member)).toBe(1);
    const later = new Date(NOW.getTime() + 90 * DAY);
    expect(await upgradeVipLevel(handle.db, member, later)).toBeNull();
    await setLevels(handle.db, [{ level: 1, minDeposits: 1_000_000, minValidBets: 1_000_000 }]);
    expect(await upgradeDueMembers(handle.db, later)).toBe(0);
    expect(await levelOf(member)).toBe(1);
  });

  test("trial accounts and operators are never upgraded", async () => {
    for (const type of [4, 9]) {
      const member = await insertMember(handle.db, { type });
      await bet(member, 600_000);
      await deposit(member, 600_000);
      expect(await upgradeVipLevel(handle.db, member, NOW)).toBeNull();
      expect(await levelOf(member)).toBe(0);
      expect(await vipBonuses(member)).toEqual([]);
    }
  });

  test("both thresholds must be met", async () => {
    const member = await insertMember(handle.db);
    await deposit(member, 600_000);
    expect(await levelOf(member)).toBe(0);
    await bet(member, 4_999);
    expect(await upgradeVipLevel(handle.db, member, NOW)).toBeNull();
    await bet(member, 1);
    expect(await upgradeVipLevel(handle.db, member, NOW)).toMatchObject({ from: 0, to: 1 });
  });
});

describe("the operator's levels", () => {
  const operator = "1";
  const act = { operatorId: operator, context: { ip: null, userAgent: "vitest" } };
  const input = (overrides: Partial<VipLevelInput>): VipLevelInput => ({
    level: 2,
    names: { en: "Silver", ur: "چاندی" },
    minDeposits: 50_000n,
    minValidBets: 20_000n,
    upgradeBonus: 5_000n,
    withdrawDailyCount: 7,
    withdrawMax: 9_000_000n,
    rates: { RNG: 60, LIVE: 30 },
    ...overrides,
  });

  test("saves a level with its rates and writes the audit log", async () => {
    await saveVipLevel(handle.db, input({}), act);
    const row = await handle.db
      .selectFrom("vip_levels")
      .selectAll()
      .where("level", "=", 2)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ names: { en: "Silver", ur: "چاندی" }, withdraw_daily_count: 7 });
    const rates = await handle.db
      .selectFrom("vip_rebate_rates")
      .select(["category", "rate_bps"])
      .where("level", "=", 2)
      .orderBy("category")
      .execute();
    expect(rates).toEqual([
      { category: "LIVE", rate_bps: 30 },
      { category: "RNG", rate_bps: 60 },
    ]);
    const audit = await handle.db
      .selectFrom("audit_log")
      .select(["event", "target_type", "target_id", "after"])
      .where("event", "=", "vip_level_saved")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      target_type: "vip_level",
      target_id: "2",
      after: { withdrawDailyCount: 7, rates: { LIVE: 30, RNG: 60 } },
    });
    // Only what the save changed: the thresholds stayed as they were.
    expect(audit.after).not.toHaveProperty("minDeposits");
  });

  test("refuses a threshold below the level under it or above the level over it, a gap, and thresholds on level 0", async () => {
    expect(await refusal(saveVipLevel(handle.db, input({ minDeposits: 9_999n }), act))).toEqual({
      code: "vip_threshold_below_previous",
      details: { field: "minDeposits", min: "10000" },
    });
    expect(await refusal(saveVipLevel(handle.db, input({ minValidBets: 200_001n }), act))).toEqual({
      code: "vip_threshold_above_next",
      details: { field: "minValidBets", max: "200000" },
    });
    expect((await refusal(saveVipLevel(handle.db, input({ level: 5 }), act))).code).toBe(
      "vip_level_gap",
    );
    expect(
      (
        await refusal(
          saveVipLevel(
            handle.db,
            input({ level: 0, minDeposits: 1n, minValidBets: 0n, upgradeBonus: 0n }),
            act,
          ),
        )
      ).code,
    ).toBe("vip_base_level");
    // A new level only directly above the highest.
    await saveVipLevel(
      handle.db,
      input({ level: 4, minDeposits: 600_000n, minValidBets: 300_000n }),
      act,
    );
  });

  test("the database itself refuses levels out of order, a negative threshold and a rate over 100 %", async () => {
    const failure = (statement: Promise<unknown>) =>
      statement.then(
        () => "ok",
        (error: { code?: string }) => error.code,
      );
    expect(
      await failure(
        handle.db
          .updateTable("vip_levels")
          .set({ min_deposits: 1 })
          .where("level", "=", 3)
          .execute(),
      ),
    ).toBe("23514");
    expect(
      await failure(
        handle.db
          .updateTable("vip_levels")
          .set({ min_valid_bets: -1 })
          .where("level", "=", 1)
          .execute(),
      ),
    ).toBe("23514");
    expect(
      await failure(
        handle.db
          .insertInto("vip_rebate_rates")
          .values({ level: 1, category: "RNG", rate_bps: 10_001 })
          .execute(),
      ),
    ).toBe("23514");
    expect(
      await failure(
        handle.db
          .insertInto("vip_rebate_rates")
          .values({ level: 1, category: "CHESS", rate_bps: 1 })
          .execute(),
      ),
    ).toBe("23514");
    expect(
      await failure(
        sql`update vip_levels set upgrade_bonus = 5 where level = 0`.execute(handle.db),
      ),
    ).toBe("23514");
  });
});

describe("the arithmetic", () => {
  const levels: VipLevel[] = LEVELS.map((level) => ({
    level: level.level,
    names: { en: `L${level.level}` },
    minDeposits: String(level.minDeposits ?? 0),
    minValidBets: String(level.minValidBets ?? 0),
    upgradeBonus: String(level.upgradeBonus ?? 0),
    withdrawDailyCount: level.level === 2 ? 9 : null,
    withdrawMax: level.level === 2 ? "7000000" : level.level === 1 ? "5" : null,
    rates: level.rates ?? {},
  }));

  test("the target is the highest level whose two thresholds are met", () => {
    expect(targetLevel(levels, { deposits: 0n, validBets: 0n })).toBe(0);
    expect(targetLevel(levels, { deposits: 50_000n, validBets: 19_999n })).toBe(1);
    expect(targetLevel(levels, { deposits: 10n ** 12n, validBets: 10n ** 12n })).toBe(3);
  });

  test("a rebate is rounded down to the minor unit", () => {
    expect(rebateAmount(12_345n, 80)).toBe(98n);
    expect(rebateAmount(99n, 100)).toBe(0n);
    expect(rebateAmount(10_000n, 10_000)).toBe(10_000n);
  });

  test("a level's withdraw limits replace the brand's, never below its minimum", () => {
    expect(withdrawPolicyFor(policy, undefined)).toBe(policy);
    expect(withdrawPolicyFor(policy, levels[2]).withdraw).toEqual({
      min: 1,
      max: 7_000_000,
      dailyCount: 9,
    });
    const strict = testWalletPolicy({ withdraw: { min: 100, max: 1_000, dailyCount: 3 } });
    expect(withdrawPolicyFor(strict, levels[1]).withdraw).toEqual({
      min: 100,
      max: 100,
      dailyCount: 3,
    });
    expect(withdrawPolicyFor(strict, levels[0]).withdraw).toEqual(strict.withdraw);
  });

  test("progress names the next level's thresholds; the top level has none", () => {
    expect(progressToNext(levels, 1, { deposits: 12_000n, validBets: 7_000n })).toEqual({
      level: 2,
      names: { en: "L2" },
      deposits: { have: "12000", need: "50000" },
      validBets: { have: "7000", need: "20000" },
    });
    expect(progressToNext(levels, 3, { deposits: 0n, validBets: 0n })).toBeNull();
  });
});
