import { sql } from "kysely";
import { activeTeamMembers, agentTeamDays, daysOf } from "./bet-days.server";
import type { TeamOverview } from "./overview-types";
import { downlineIds } from "./tree.server";
import type { Database } from "../db/open.server";
import { MAIN } from "../wallet/ledger.server";
import type { RecordWindow } from "../wallet/records.server";

/**
 * The team overview (/agentHome): the agent's team (its downline at every depth, read
 * through agent_paths) over a window of whole days, in one statement: the
 * totals and the bets per day for the chart. Both start from the agent's
 * own agent_paths rows (primary key range) and read the agent's per-day
 * rollup (ADR 0026) for the sums, the member rollup once per member for
 * active members, members through members_created, deposits and
 * withdrawals through their member indexes, so a team of 10,000 with a
 * million bets reads a few hundred rollup rows and a probe per member.
 *
 * Definitions (money in minor units, decimal strings):
 * - new members: downline members created in the window;
 * - active members: distinct downline members with a bet placed in the window;
 * - bets: bets placed in the window and not void (count, stake, valid bet);
 * - profit/loss: the players' payout − stake of those bets that are settled
 *   (negative when the team lost), as the member centre and settlements count it;
 * - deposits: confirmed deposits, by the time they were credited;
 * - withdrawals: paid out by the time of payment; a refunded one counts only
 *   what the member received.
 */

interface TotalsRow {
  balance: string | null;
  agent_rate: number | null;
  team_size: string;
  direct_downlines: string;
  new_members: string;
  active_members: string;
  deposits: string;
  deposit_count: string;
  withdrawals: string;
  withdrawal_count: string;
  bet_count: string;
  stake: string;
  valid_bet: string;
  profit_loss: string;
  days: { day: string; bet_count: string; valid_bet: string; profit_loss: string }[];
}

export async function teamOverview(
  db: Database,
  agentId: string,
  window: RecordWindow,
  timeZone: string,
): Promise<TeamOverview> {
  const team = downlineIds(agentId);
  // One statement: the agent rollup's days give the chart and the totals; active members, which
  // do not add up across days, probe the member rollup once per downline member.
  // JIT off: the fallback branch over the bets (never run for whole days) is costed as the team's
  // whole month, so PostgreSQL would spend 15–100 ms compiling a plan that runs in a few.
  const totals = await db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return (
      await sql<TotalsRow>`
    with by_day as materialized (
      select day, sum(bet_count) as bet_count, sum(stake) as stake, sum(valid_bet) as valid_bet,
        sum(settled_profit) as profit_loss
      from (${agentTeamDays(agentId, window, timeZone)}) d group by day
    )
    select
      (select balance::text from accounts where member_id = ${agentId} and kind = ${MAIN}) as balance,
      (select agent_rate from members where id = ${agentId}) as agent_rate,
      (select count(*) from agent_paths where ancestor = ${agentId} and depth > 0)::text as team_size,
      (select count(*) from agent_paths where ancestor = ${agentId} and depth = 1)::text as direct_downlines,
      (select count(*) from members m
        where m.created_at >= ${window.from} and m.created_at < ${window.to} and m.id in ${team})::text as new_members,
      (${activeTeamMembers(agentId, window, timeZone)})::text as active_members,
      d.deposits, d.deposit_count, w.withdrawals, w.withdrawal_count,
      t.bet_count, t.stake, t.valid_bet, t.profit_loss,
      (select coalesce(json_agg(json_build_object('day', day::text, 'bet_count', bet_count::text,
          'valid_bet', valid_bet::text, 'profit_loss', profit_loss::text)), '[]'::json)
        from by_day) as days
    from
      (select coalesce(sum(amount), 0)::text as deposits, count(*)::text as deposit_count
        from deposits
        where status = 'confirmed' and settled_at >= ${window.from} and settled_at < ${window.to}
          and member_id in ${team}) as d,
      (select coalesce(sum(case when status = 'refunded' then coalesce(received_amount, 0) else amount end), 0)::text as withdrawals,
              count(*)::text as withdrawal_count
        from withdrawals
        where status in ('paid', 'received', 'disputed', 'refunded')
          and paid_at >= ${window.from} and paid_at < ${window.to}
          and member_id in ${team}) as w,
      (select coalesce(sum(bet_count), 0)::text as bet_count, coalesce(sum(stake), 0)::text as stake,
              coalesce(sum(valid_bet), 0)::text as valid_bet, coalesce(sum(profit_loss), 0)::text as profit_loss
        from by_day) as t`.execute(trx)
    ).rows[0]!;
  });
  const days = totals.days;
  const byDay = new Map(days.map((row) => [row.day, row]));
  return {
    agent: { balance: totals.balance ?? "0", agentRate: totals.agent_rate },
    totals: {
      teamSize: Number(totals.team_size),
      directDownlines: Number(totals.direct_downlines),
      newMembers: Number(totals.new_members),
      activeMembers: Number(totals.active_members),
      deposits: totals.deposits,
      depositCount: Number(totals.deposit_count),
      withdrawals: totals.withdrawals,
      withdrawalCount: Number(totals.withdrawal_count),
      betCount: Number(totals.bet_count),
      stake: totals.stake,
      validBet: totals.valid_bet,
      profitLoss: totals.profit_loss,
    },
    days: daysOf(window, timeZone).map((day) => {
      const row = byDay.get(day);
      return {
        day,
        betCount: Number(row?.bet_count ?? 0),
        validBet: row?.valid_bet ?? "0",
        profitLoss: row?.profit_loss ?? "0",
      };
    }),
  };
}
