import { sql, type Selectable } from "kysely";
import type { Database } from "../../db/open.server";
import type { MissionsTable } from "../../db/schema";
import { promotionPeriod, type KeyedPeriod } from "../promotion-periods";
import { missionOf, type Mission } from "./mission-rows.server";
import { MISSION_PERIODS, type MissionPeriod } from "./mission-types";
import type { Executor } from "../../db/transaction.server";

/**
 * A member's progress on every enabled mission in its current period, read
 * from the real records in one query (nothing is counted on the bet path):
 * - deposit: confirmed deposits settled in the period;
 * - valid_bet: valid bet of bets settled in the period, in the mission's category or any;
 * - distinct_games: different games (vendor + game code) with a bet settled in the period;
 * - login_days: days (brand time zone) on which a member session started in the period;
 * - referred_depositors: friends the member brought in the period who have a confirmed
 *   deposit by the period's end. A friend counts in the period it was brought in only, so
 *   one friend cannot complete a daily mission every day.
 * Periods are the brand's days and Monday weeks (the promotions' periods), `once` is forever.
 */

export interface MissionProgress {
  mission: Mission;
  period: KeyedPeriod;
  progress: bigint;
  claimed: boolean;
}

const LAST_INSTANT = new Date("9999-12-31T00:00:00Z");

export const isClaimable = (row: MissionProgress) =>
  !row.claimed && row.progress >= row.mission.target;

export function missionPeriods(timeZone: string, now: Date) {
  return Object.fromEntries(
    MISSION_PERIODS.map((period) => [period, promotionPeriod(period, now, timeZone)]),
  ) as Record<MissionPeriod, KeyedPeriod>;
}

export async function missionProgress(
  db: Executor,
  memberId: string,
  options: { timeZone: string; now: Date; missionId?: string },
): Promise<MissionProgress[]> {
  const { timeZone, now } = options;
  const periods = missionPeriods(timeZone, now);
  const windows = sql.join(
    MISSION_PERIODS.map((period) => {
      const { key, start, end } = periods[period];
      // `once` ends beyond the years either database parses from a driver's text.
      const ends = end > LAST_INSTANT ? LAST_INSTANT : end;
      return sql`(${period}, ${key}, ${start}::timestamptz, ${ends}::timestamptz)`;
    }),
  );
  const only = options.missionId ? sql`and m.id = ${options.missionId}` : sql``;
  const { rows } = await sql<Selectable<MissionsTable> & { progress: string; claimed: boolean }>`
    with w (period, period_key, starts, ends) as (values ${windows})
    select m.*,
      (case m.condition
        when 'deposit' then (
          select coalesce(sum(d.amount), 0) from deposits d
           where d.member_id = ${memberId} and d.status = 'confirmed'
             and d.settled_at >= w.starts and d.settled_at < w.ends)
        when 'valid_bet' then (
          select coalesce(sum(b.valid_bet), 0) from bets b
           where b.member_id = ${memberId} and b.status = 'settled'
             and b.settled_at >= w.starts and b.settled_at < w.ends
             and (m.category is null or b.category = m.category))
        when 'distinct_games' then (
          select count(distinct (b.vassalage, b.game_code)) from bets b
           where b.member_id = ${memberId} and b.status = 'settled'
             and b.settled_at >= w.starts and b.settled_at < w.ends)
        when 'login_days' then (
          select count(distinct (s.created_at at time zone ${timeZone})::date) from sessions s
           where s.member_id = ${memberId} and s.site = 'member'
             and s.created_at >= w.starts and s.created_at < w.ends)
        when 'referred_depositors' then (
          select count(*) from referrals r
           where r.referrer_id = ${memberId}
             and r.created_at >= w.starts and r.created_at < w.ends
             and exists (select 1 from deposits d
                          where d.member_id = r.friend_id and d.status = 'confirmed'
                            and d.settled_at < w.ends))
      end)::text as progress,
      exists (select 1 from mission_claims c
               where c.mission_id = m.id and c.member_id = ${memberId}
                 and c.period_key = w.period_key) as claimed
    from missions m
    join w on w.period = m.period
    where m.enabled ${only}
    order by m.sort, m.id
  `.execute(db);
  return rows.map((row) => {
    const mission = missionOf(row);
    return {
      mission,
      period: periods[mission.period],
      progress: BigInt(row.progress),
      claimed: row.claimed,
    };
  });
}

/** The member centre's badge: missions complete and not yet claimed this period (one query). */
export async function claimableMissionCount(
  db: Database,
  memberId: string,
  timeZone: string,
  now = new Date(),
) {
  const rows = await missionProgress(db, memberId, { timeZone, now });
  return rows.filter(isClaimable).length;
}
