import { sql } from "kysely";
import { addDays, dayIn } from "~/platform/calendar/date-range";
import { downlineIds, type TeamScope } from "./tree.server";
import type { RecordWindow } from "../wallet/records.server";

/**
 * The team's bets per member and day over a window, for the agency reports:
 * member_id, day, bet_count, stake, valid_bet, payout, settled_profit
 * (payout − stake of the settled ones). Void bets count for nothing; a bet
 * is in the window by the time it was placed. The rollup
 * (0024-bet-day-rollups, ADR 0026) holds the days of the brand's time zone,
 * so a window of its whole days is a range of rows. Any other window, or
 * days asked in another zone (`timeZone`; the brand's when omitted), come
 * from the bets themselves: PostgreSQL runs only the branch whose one-time
 * condition holds.
 */
export function teamBetDays(
  agentId: string,
  scope: TeamScope,
  window: RecordWindow,
  timeZone?: string,
) {
  const team = downlineIds(agentId, scope);
  const { zone, from, to, rolledUp } = rollupWindow(window, timeZone);
  return sql`
    select r.member_id, r.day, r.bet_count, r.stake, r.valid_bet, r.payout, r.settled_profit
    from bet_day_rollups r
    where ${rolledUp} and r.day >= ${from}::date and r.day < ${to}::date and r.member_id in ${team}
    union all
    select b.member_id, (b.placed_at at time zone ${zone})::date, 1, b.stake, b.valid_bet, b.payout,
      case when b.status = 'settled' then b.payout - b.stake else 0 end
    from bets b
    where not ${rolledUp} and b.placed_at >= ${window.from} and b.placed_at < ${window.to}
      and b.status <> 'void' and b.member_id in ${team}`;
}

/** Whether the window is whole days of the brand's zone asked in that zone, the only windows the rollups hold (one-time condition for PostgreSQL). */
function rollupWindow(window: RecordWindow, timeZone?: string) {
  const brandZone = sql`coalesce((select value ->> 'timeZone' from settings where key = 'brand'), 'UTC')`;
  const zone = timeZone === undefined ? brandZone : sql`${timeZone}::text`;
  const from = sql`(${window.from}::timestamptz at time zone ${brandZone})`;
  const to = sql`(${window.to}::timestamptz at time zone ${brandZone})`;
  const rolledUp = sql`(${zone} = ${brandZone} and ${from}::time = '00:00' and ${to}::time = '00:00')`;
  return { zone, from, to, rolledUp };
}

/**
 * The agent's whole downline's non-void bets summed per day: day, bet_count,
 * stake, valid_bet, payout, settled_profit. Whole days of the brand's zone
 * read the agent rollup (0026-agent-day-rollups: about thirty days times
 * eight stripes for a month, whatever the team's size); any other window
 * sums the bets, as `teamBetDays` does.
 */
export function agentTeamDays(agentId: string, window: RecordWindow, timeZone?: string) {
  const { zone, from, to, rolledUp } = rollupWindow(window, timeZone);
  return sql`
    select r.day, sum(r.bet_count) as bet_count, sum(r.stake) as stake, sum(r.valid_bet) as valid_bet,
      sum(r.payout) as payout, sum(r.settled_profit) as settled_profit
    from agent_day_rollups r
    where ${rolledUp} and r.agent_id = ${agentId} and r.day >= ${from}::date and r.day < ${to}::date
    group by r.day
    union all
    select (b.placed_at at time zone ${zone})::date, count(*), sum(b.stake), sum(b.valid_bet), sum(b.payout),
      coalesce(sum(b.payout - b.stake) filter (where b.status = 'settled'), 0)
    from bets b
    where not ${rolledUp} and b.placed_at >= ${window.from} and b.placed_at < ${window.to}
      and b.status <> 'void' and b.member_id in ${downlineIds(agentId)}
    group by 1`;
}

/**
 * How many of the agent's downline members placed a non-void bet in the
 * window. Not additive across members or days, so not in the agent rollup:
 * one probe per downline member into the member rollup's primary key
 * (member, day), stopping at its first day with a bet; other windows probe
 * the bets by (member, placed_at).
 */
export function activeTeamMembers(agentId: string, window: RecordWindow, timeZone?: string) {
  const { from, to, rolledUp } = rollupWindow(window, timeZone);
  // `limit 1` in a lateral keeps it a probe per member: as a plain exists, PostgreSQL may hash
  // the whole window's rollup rows instead, which is the cost this replaces.
  return sql`
    select count(*) from agent_paths p
    cross join lateral (
      select 1 from bet_day_rollups r
      where ${rolledUp} and r.member_id = p.descendant and r.day >= ${from}::date and r.day < ${to}::date
        and r.bet_count > 0
      union all
      select 1 from bets b
      where not ${rolledUp} and b.member_id = p.descendant and b.placed_at >= ${window.from}
        and b.placed_at < ${window.to} and b.status <> 'void'
      limit 1) bet
    where p.ancestor = ${agentId} and p.depth > 0`;
}

/** The calendar days a window of whole days covers in the time zone, oldest first. */
export function daysOf(window: RecordWindow, timeZone: string): string[] {
  // The window ends at the next day's first instant: its last day is the one just before.
  const last = dayIn(timeZone, new Date(window.to.getTime() - 1));
  const days: string[] = [];
  for (let day = dayIn(timeZone, window.from); day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}
