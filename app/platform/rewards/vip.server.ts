import { sql, type Transaction } from "kysely";
import { progressToNext, targetLevel, type RollingFigures, type VipLevel } from "./vip-levels";
import { audit, auditChange, type OperatorAct } from "../audit/audit.server";
import { postMessage } from "../content/messages.server";
import type { Database } from "../db/open.server";
import type { DB } from "../db/schema";
import { inTransaction, type Executor } from "../db/transaction.server";
import { PlatformError } from "../errors";
import { roleOf, type TypeSets } from "../identity/member-types";
import { parseBrandConfig, type BrandConfig } from "../system/brand-config.server";
import { HOUSE, MAIN, postEntry } from "../wallet/ledger.server";

/**
 * VIP levels (ADR 16): rows an operator edits, each with thresholds on the
 * member's rolling deposits and valid bets, an upgrade bonus, rebate rates
 * and withdraw limits. A member rises to the highest level whose thresholds
 * they meet, on a confirmed deposit (in the deposit's transaction) and from
 * the scheduler; levels never fall here. Each level reached is a
 * `vip_upgrades` row, and its bonus a ledger entry keyed by member and
 * level, so a replay or a second runner pays nothing twice.
 */

const DAY = 86_400_000;

/** What the upgrades read of the brand: the rolling window and who counts as a member. */
export interface VipPolicy {
  rollingDays: number;
  sets: TypeSets;
}

export const vipPolicy = (brand: BrandConfig): VipPolicy => ({
  rollingDays: brand.vip.rollingDays,
  sets: { agentTypes: brand.agentTypes, trialTypes: brand.trialTypes },
});

/** The brand as stored, read inside the caller's transaction (the settings cache serves a database, not a transaction). */
async function storedPolicy(db: Executor): Promise<VipPolicy | null> {
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", "brand")
    .executeTakeFirst();
  return row ? vipPolicy(parseBrandConfig(row.value)) : null;
}

/** Every level with its rates, lowest first. */
export async function listVipLevels(db: Executor): Promise<VipLevel[]> {
  const rows = await db.selectFrom("vip_levels").selectAll().orderBy("level").execute();
  const rates = await db.selectFrom("vip_rebate_rates").selectAll().execute();
  return rows.map((row) => ({
    level: row.level,
    names: row.names,
    minDeposits: String(row.min_deposits),
    minValidBets: String(row.min_valid_bets),
    upgradeBonus: String(row.upgrade_bonus),
    withdrawDailyCount: row.withdraw_daily_count,
    withdrawMax: row.withdraw_max === null ? null : String(row.withdraw_max),
    rates: Object.fromEntries(
      rates
        .filter((rate) => rate.level === row.level)
        .map((rate) => [rate.category, rate.rate_bps]),
    ),
  }));
}

/** One level (a member's `vip_level`), or undefined when the brand has no such row. */
export async function findVipLevel(db: Executor, level: number): Promise<VipLevel | undefined> {
  return (await listVipLevels(db)).find((row) => row.level === level);
}

/** The member's confirmed deposits and settled valid bets over the last `rollingDays` up to `now`. */
export async function rollingFigures(
  db: Executor,
  memberId: string,
  rollingDays: number,
  now: Date,
): Promise<RollingFigures> {
  const since = new Date(now.getTime() - rollingDays * DAY);
  const { rows } = await sql<{ deposits: string; valid_bets: string }>`
    select
      (select coalesce(sum(amount), 0) from deposits
        where member_id = ${memberId} and status = 'confirmed'
          and settled_at > ${since} and settled_at <= ${now})::text as deposits,
      (select coalesce(sum(valid_bet), 0) from bets
        where member_id = ${memberId} and status = 'settled'
          and settled_at > ${since} and settled_at <= ${now})::text as valid_bets`.execute(db);
  return { deposits: BigInt(rows[0]!.deposits), validBets: BigInt(rows[0]!.valid_bets) };
}

/** The security centre's VIP section: the member's level, its benefits, and the way to the next. */
export async function vipStatus(db: Database, memberId: string, level: number, policy: VipPolicy) {
  const [levels, figures] = await Promise.all([
    listVipLevels(db),
    rollingFigures(db, memberId, policy.rollingDays, new Date()),
  ]);
  return {
    current: levels.find((row) => row.level === level) ?? null,
    next: progressToNext(levels, level, figures),
    rollingDays: policy.rollingDays,
  };
}

export interface VipUpgrade {
  memberId: string;
  from: number;
  to: number;
  /** Upgrade bonuses paid by this call, minor units. */
  bonus: bigint;
}

/**
 * Raises one member to the level their figures reach, in the caller's
 * transaction. `alsoDeposited` counts a deposit this transaction is
 * confirming (its row turns confirmed only after the caller's work).
 */
async function upgradeMember(
  trx: Transaction<DB>,
  memberId: string,
  levels: readonly VipLevel[],
  policy: VipPolicy,
  now: Date,
  alsoDeposited = 0n,
): Promise<VipUpgrade | null> {
  // MAIN first, as a deposit's transaction locks it first (its own entry): the scheduler and a
  // deposit of one member then queue here instead of deadlocking over MAIN and vip_upgrades.
  await trx
    .selectFrom("accounts")
    .select("id")
    .where("member_id", "=", memberId)
    .where("kind", "=", MAIN)
    .forUpdate()
    .execute();
  const member = await trx
    .selectFrom("members")
    .select(["vip_level", "type", "status"])
    .where("id", "=", memberId)
    .executeTakeFirst();
  if (!member || member.status !== "active") return null;
  const role = roleOf(member.type, policy.sets);
  if (role === "trial" || role === "operator") return null;
  if (!levels.some((level) => level.level > member.vip_level)) return null;
  const figures = await rollingFigures(trx, memberId, policy.rollingDays, now);
  const target = targetLevel(levels, { ...figures, deposits: figures.deposits + alsoDeposited });
  if (target <= member.vip_level) return null;

  let bonus = 0n;
  for (const level of levels) {
    if (level.level <= member.vip_level || level.level > target) continue;
    const amount = BigInt(level.upgradeBonus);
    const reached = await trx
      .insertInto("vip_upgrades")
      .values({ member_id: memberId, level: level.level, bonus: amount, upgraded_at: now })
      .onConflict((oc) => oc.columns(["member_id", "level"]).doNothing())
      .returning("level")
      .executeTakeFirst();
    // Reached before (the level was lost to an operator's edit, or another runner was first): paid then.
    if (!reached || amount === 0n) continue;
    const entry = await postEntry(trx, {
      key: `vip:m${memberId}:${level.level}`,
      kind: "bonus",
      memberId,
      ref: `vip:${level.level}`,
      memo: { source: "vip_upgrade", level: String(level.level) },
      at: now,
      movements: [{ from: { house: HOUSE.bonuses }, to: { memberId, kind: MAIN }, amount }],
    });
    await trx
      .updateTable("vip_upgrades")
      .set({ entry_id: entry.id })
      .where("member_id", "=", memberId)
      .where("level", "=", level.level)
      .execute();
    bonus += amount;
  }
  await trx
    .updateTable("members")
    .set({ vip_level: target })
    .where("id", "=", memberId)
    .where("vip_level", "<", target)
    .execute();
  await postMessage(
    trx,
    memberId,
    bonus > 0n ? "vip_upgraded_bonus" : "vip_upgraded",
    { level: String(target), amount: bonus.toString() },
    now,
  );
  return { memberId, from: member.vip_level, to: target, bonus };
}

/**
 * The deposit hook: in `confirmDeposit`'s transaction, raises the member if
 * the deposit (`amount`, not yet marked confirmed) takes them over a threshold.
 */
export async function upgradeOnDeposit(
  trx: Transaction<DB>,
  memberId: string,
  amount: bigint,
  now: Date,
): Promise<VipUpgrade | null> {
  const levels = await listVipLevels(trx);
  if (!levels.some((level) => level.level > 0)) return null;
  const policy = await storedPolicy(trx);
  return policy && upgradeMember(trx, memberId, levels, policy, now, amount);
}

/** One member now (tests, and a caller that knows the figures moved); null when nothing changed. */
export async function upgradeVipLevel(db: Database, memberId: string, now = new Date()) {
  const levels = await listVipLevels(db);
  const policy = await storedPolicy(db);
  if (!policy) return null;
  return inTransaction(db, (trx) => upgradeMember(trx, memberId, levels, policy, now));
}

/**
 * The scheduler's part: members whose deposits or bets settled since the
 * last scan (everyone active in the window after an operator's edit) and who
 * are below the top level get their upgrade, each in its own transaction.
 * Returns how many members rose.
 */
export async function upgradeDueMembers(db: Database, now = new Date()): Promise<number> {
  const levels = await listVipLevels(db);
  const top = Math.max(0, ...levels.map((level) => level.level));
  const policy = await storedPolicy(db);
  if (top === 0 || !policy) return 0;
  const scan = await db.selectFrom("vip_scan").select("scanned_until").executeTakeFirst();
  const windowStart = new Date(now.getTime() - policy.rollingDays * DAY);
  const scannedUntil = scan?.scanned_until ? new Date(scan.scanned_until) : null;
  const since = scannedUntil && scannedUntil > windowStart ? scannedUntil : windowStart;
  const { rows } = await sql<{ member_id: string }>`
    select active.member_id from (
      select member_id from deposits
       where status = 'confirmed' and settled_at > ${since} and settled_at <= ${now}
      union
      select member_id from bets
       where status = 'settled' and settled_at > ${since} and settled_at <= ${now}
    ) active
    join members on members.id = active.member_id
    where members.vip_level < ${top}
    order by active.member_id`.execute(db);
  let raised = 0;
  for (const { member_id } of rows) {
    const upgrade = await inTransaction(db, (trx) =>
      upgradeMember(trx, member_id, levels, policy, now),
    );
    if (upgrade) raised++;
  }
  await db.updateTable("vip_scan").set({ scanned_until: now }).execute();
  return raised;
}

/** A level as the operator's form saves it; money in minor units. */
export interface VipLevelInput {
  level: number;
  names: Record<string, string>;
  minDeposits: bigint;
  minValidBets: bigint;
  upgradeBonus: bigint;
  withdrawDailyCount: number | null;
  withdrawMax: bigint | null;
  rates: Record<string, number>;
}

/** The trigger `vip_levels_ordered` refused a statement (another operator's edit crossed this one). */
function isOrderViolation(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === "23514" && Boolean(message?.includes("vip_levels_ordered"));
}

/**
 * Saves a level (a new one only directly above the highest): thresholds no
 * lower than the level below and no higher than the level above
 * (`vip_threshold_below_previous` / `vip_threshold_above_next`, details:
 * field and limit), level 0 without thresholds or bonus. Audited; the next
 * scheduler run looks at every active member again, since lower thresholds
 * may lift members who have not played since.
 */
export async function saveVipLevel(db: Database, input: VipLevelInput, act: OperatorAct) {
  const before = await inTransaction(db, async (trx) => {
    // One operator's edit at a time: the neighbours checked below cannot change meanwhile.
    await sql`lock table vip_levels in share row exclusive mode`.execute(trx);
    const levels = await listVipLevels(trx);
    const existing = levels.find((row) => row.level === input.level);
    const top = Math.max(-1, ...levels.map((row) => row.level));
    if (!existing && input.level !== top + 1) throw new PlatformError("vip_level_gap");
    if (
      input.level === 0 &&
      (input.minDeposits > 0n || input.minValidBets > 0n || input.upgradeBonus > 0n)
    )
      throw new PlatformError("vip_base_level");
    const below = levels.filter((row) => row.level < input.level).at(-1);
    const above = levels.find((row) => row.level > input.level);
    for (const [field, value, column] of [
      ["minDeposits", input.minDeposits, "minDeposits"],
      ["minValidBets", input.minValidBets, "minValidBets"],
    ] as const) {
      if (below && value < BigInt(below[column]))
        throw new PlatformError("vip_threshold_below_previous", { field, min: below[column] });
      if (above && value > BigInt(above[column]))
        throw new PlatformError("vip_threshold_above_next", { field, max: above[column] });
    }
    const row = {
      names: JSON.stringify(input.names),
      min_deposits: input.minDeposits,
      min_valid_bets: input.minValidBets,
      upgrade_bonus: input.upgradeBonus,
      withdraw_daily_count: input.withdrawDailyCount,
      withdraw_max: input.withdrawMax,
      updated_at: new Date(),
    };
    try {
      await trx
        .insertInto("vip_levels")
        .values({ level: input.level, ...row })
        .onConflict((oc) => oc.column("level").doUpdateSet(row))
        .execute();
    } catch (error) {
      if (isOrderViolation(error)) throw new PlatformError("vip_threshold_order");
      throw error;
    }
    await trx.deleteFrom("vip_rebate_rates").where("level", "=", input.level).execute();
    const rates = Object.entries(input.rates).filter(([, rate]) => rate > 0);
    if (rates.length > 0)
      await trx
        .insertInto("vip_rebate_rates")
        .values(rates.map(([category, rate_bps]) => ({ level: input.level, category, rate_bps })))
        .execute();
    await trx.updateTable("vip_scan").set({ scanned_until: null }).execute();
    return existing ?? null;
  });
  await audit(db, "vip_level_saved", act.context, {
    target: { type: "vip_level", id: String(input.level) },
    ...auditChange(before, input),
  });
}
