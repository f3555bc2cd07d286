import { sql } from "kysely";
import { settleDueContracts } from "./settlement.server";
import { sealAuditLog } from "../audit/audit-chain.server";
import { announceStartedAnnouncements } from "../content/announcement-starts.server";
import type { Database } from "../db/open.server";
import { pruneOutbox } from "../events/outbox.server";
import { pruneKnownSignIns } from "../identity/known-sign-ins.server";
import { settleDueDraws } from "../play/lottery/draws.server";
import { expireGrants } from "../rewards/bonus-grants.server";
import { payDueCashback } from "../rewards/cashback.server";
import { sweepBetPoints } from "../rewards/points/earning.server";
import { payDueReferralRewards } from "../rewards/referral/rewards.server";
import { upgradeDueMembers } from "../rewards/vip.server";
import { autoReceiveDue } from "../wallet/withdrawals.server";

/**
 * The platform's periodic work: contract settlements (real-time salary
 * every 5 minutes, wages and dividends as their periods end), lottery draws
 * past their close, paid withdrawals past their auto-receive deadline, bonus
 * grants past their expiry, and cashback for promotion periods that ended.
 * Every portal process runs the timer; a PostgreSQL advisory lock lets one
 * of them work at a time, and the work itself is exactly-once besides, so a
 * second runner would only find nothing to do.
 */
const SCHEDULER_LOCK = 6_060_006;

export interface ScheduledWork {
  settlements: number;
  draws: number;
  withdrawals: number;
  /** Members raised to a higher VIP level (ADR 16). */
  vipUpgrades: number;
  bonusesExpired: number;
  cashbacks: number;
  /** Points entries for bets settled since the last run (ADR 17). */
  betPoints: number;
  /** Referral rewards paid or held for the operator. */
  referralRewards: number;
  /** Announcements whose scheduled start came, announced (events published). */
  announcementsStarted: number;
  /** Live events past the replay window (ADR 22). */
  eventsPruned: number;
  /** Audit rows sealed into the chain (ADR 42). */
  auditSealed: number;
  /** Known sign-in places long unused, forgotten (ADR 37). */
  knownSignInsPruned: number;
}

/** One run, or null when another process holds the lock. */
export async function runScheduledWork(
  db: Database,
  timeZone: string,
  now = new Date(),
): Promise<ScheduledWork | null> {
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(${SCHEDULER_LOCK}) as locked`.execute(conn);
    if (!rows[0]?.locked) return null;
    try {
      return {
        settlements: await settleDueContracts(conn, timeZone, now),
        draws: await settleDueDraws(conn, now),
        withdrawals: await autoReceiveDue(conn, now),
        vipUpgrades: await upgradeDueMembers(conn, now),
        bonusesExpired: await expireGrants(conn, now),
        cashbacks: await payDueCashback(conn, now),
        // Bet points first: a friend's bets are counted before the referral reward looks at them.
        betPoints: await sweepBetPoints(conn, now),
        referralRewards: await payDueReferralRewards(conn, now),
        announcementsStarted: await announceStartedAnnouncements(conn, now),
        eventsPruned: await pruneOutbox(conn, now),
        auditSealed: await sealAuditLog(conn),
        knownSignInsPruned: await pruneKnownSignIns(conn, now),
      };
    } finally {
      await sql`select pg_advisory_unlock(${SCHEDULER_LOCK})`.execute(conn);
    }
  });
}

export interface SchedulerHandle {
  /** Stops the timer; resolves once a run under way has finished (a graceful stop closes the database after it). */
  stop(): Promise<void>;
}

/** Runs `runScheduledWork` every `intervalMs`, never two runs of this process at once; failures are reported, not thrown. */
export function startScheduler(
  run: () => Promise<ScheduledWork | null>,
  intervalMs: number,
  report: (event: string, detail: Record<string, unknown>) => void,
): SchedulerHandle {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runOnce().finally(() => (running = null));
  };
  const runOnce = async () => {
    const started = performance.now();
    try {
      const work = await run();
      if (work && Object.values(work).some((count) => count > 0)) {
        report("scheduler.ran", { ...work, ms: Math.round(performance.now() - started) });
      }
    } catch (error) {
      report("scheduler.failed", { error: String(error) });
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
