import { sql } from "kysely";
import { teamBetDays } from "./bet-days.server";
import { downlineIds, inDownline, requireDownline, type TeamScope } from "./tree.server";
import type { Database } from "../db/open.server";
import {
  BET_COLUMNS,
  betRowOf,
  betsOf,
  betTotals,
  pageOf,
  recordPage,
  TRANSACTION_TYPES,
  type BetFilter,
  type BetRow,
  type BetTotals,
  type Paging,
  type RecordPage,
  type RecordWindow,
} from "../wallet/records.server";

/**
 * The agent centre's team reports (the team's bets and
 * loss statements): read-only queries over the bets and the ledger of
 * the agent's downline, always scoped from the session's agent through the
 * closure table. Totals are summed by SQL over the whole filter. Income and
 * account details live in ledger-reports.server.ts.
 */

/** A member id from the URL must be in the downline: anything else is `not_found`, like a missing one. */
export async function checkScope(db: Database, agentId: string, scope: TeamScope): Promise<void> {
  if (scope.memberId !== undefined) await requireDownline(db, agentId, scope.memberId);
}

export interface TeamBetRow extends BetRow {
  account: string;
}

/** Team betting: the downline's bets in the window, newest first, with the filter's totals. */
export async function teamBetting(
  db: Database,
  agentId: string,
  filter: BetFilter & TeamScope & Paging,
): Promise<RecordPage<TeamBetRow, BetTotals>> {
  await checkScope(db, agentId, filter);
  const team = inDownline(agentId, "bets.member_id", filter);
  return recordPage(
    filter,
    () => betsOf(db, team, filter).select(betTotals).executeTakeFirstOrThrow(),
    (limit, offset) =>
      betsOf(db, team, filter)
        .innerJoin("members", "members.id", "bets.member_id")
        .select([...BET_COLUMNS, "members.account"])
        .orderBy("bets.placed_at", "desc")
        .orderBy("bets.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute()
        .then((rows) => rows.map((row) => ({ ...betRowOf(row), account: row.account }))),
  );
}

/** The vendors (vassalage codes) of the catalog, for the team betting vendor filter: reading them off a team's bets would scan them all. */
export async function reportVendors(db: Database): Promise<string[]> {
  const rows = await db
    .selectFrom("vendors")
    .select("vassalage")
    .distinct()
    .orderBy("vassalage")
    .execute();
  return rows.map((row) => row.vassalage);
}

export interface LossFigures {
  bets: number;
  stake: string;
  validBet: string;
  payout: string;
  /** The member's payout − stake: negative for a loser. */
  profitLoss: string;
  deposits: string;
  /** Held for withdrawal, less what was released or refunded (as the member's own profit page counts it). */
  withdrawals: string;
}

export interface LossRow extends LossFigures {
  memberId: string;
  account: string;
  /** 1 for a direct downline. */
  depth: number;
}

const WITHDRAWAL_KINDS: readonly string[] = TRANSACTION_TYPES.withdrawal;

/**
 * Per member of the scope: play from the bets by the time they were placed
 * (void bets count for nothing; read through the rollup, ADR 0026) and money
 * from the ledger by entry time.
 * Members without any of either in the window are left out.
 */
function lossFigures(agentId: string, scope: TeamScope, window: RecordWindow) {
  return sql`
    with play as (
      select d.member_id, sum(d.bet_count) as bets, sum(d.stake) as stake, sum(d.valid_bet) as valid_bet,
        sum(d.payout) as payout
      from (${teamBetDays(agentId, scope, window)}) d
      group by d.member_id
      having sum(d.bet_count) > 0
    ), money as (
      select a.member_id,
        coalesce(sum(p.amount) filter (where e.kind = 'deposit'), 0) as deposits,
        coalesce(-sum(p.amount) filter (where e.kind in (${sql.join(WITHDRAWAL_KINDS)})), 0) as withdrawals
      from entries e
      join postings p on p.entry_id = e.id
      join accounts a on a.id = p.account_id
      where a.member_id in ${downlineIds(agentId, scope)}
        and e.created_at >= ${window.from} and e.created_at < ${window.to}
        and e.kind in ('deposit', ${sql.join(WITHDRAWAL_KINDS)})
      group by a.member_id
    ), figures as (
      select member_id,
        coalesce(play.bets, 0) as bets, coalesce(play.stake, 0) as stake, coalesce(play.valid_bet, 0) as valid_bet,
        coalesce(play.payout, 0) as payout, coalesce(play.payout, 0) - coalesce(play.stake, 0) as profit_loss,
        coalesce(money.deposits, 0) as deposits, coalesce(money.withdrawals, 0) as withdrawals
      from play full join money using (member_id)
    )`;
}

interface LossFigureRow {
  bets: string;
  stake: string;
  valid_bet: string;
  payout: string;
  profit_loss: string;
  deposits: string;
  withdrawals: string;
}

const LOSS_COLUMNS = sql`bets::text, stake::text, valid_bet::text, payout::text, profit_loss::text, deposits::text, withdrawals::text`;

const lossFiguresOf = (row: LossFigureRow): LossFigures => ({
  bets: Number(row.bets),
  stake: row.stake,
  validBet: row.valid_bet,
  payout: row.payout,
  profitLoss: row.profit_loss,
  deposits: row.deposits,
  withdrawals: row.withdrawals,
});

/**
 * User loss: each downline member's figures over the window, biggest losers
 * first, with the filter's totals. One statement: the figures are computed
 * once (a CTE used twice is materialized) for both the totals and the page.
 */
export async function lossStatements(
  db: Database,
  agentId: string,
  filter: TeamScope & Paging & { window: RecordWindow },
): Promise<RecordPage<LossRow, LossFigures>> {
  await checkScope(db, agentId, filter);
  const size = filter.pageSize;
  const asked = (Math.max(1, filter.page) - 1) * size;
  const result = await sql<
    Partial<LossFigureRow & { member_id: string; account: string; depth: number }> & TotalColumns
  >`
    ${lossFigures(agentId, filter, filter.window)},
    whole as (
      select count(*) as count, coalesce(sum(bets), 0) as bets, coalesce(sum(stake), 0) as stake,
        coalesce(sum(valid_bet), 0) as valid_bet, coalesce(sum(payout), 0) as payout,
        coalesce(sum(profit_loss), 0) as profit_loss, coalesce(sum(deposits), 0) as deposits,
        coalesce(sum(withdrawals), 0) as withdrawals
      from figures
    )
    select w.count::text as total_count, w.bets::text as total_bets, w.stake::text as total_stake,
      w.valid_bet::text as total_valid_bet, w.payout::text as total_payout, w.profit_loss::text as total_profit_loss,
      w.deposits::text as total_deposits, w.withdrawals::text as total_withdrawals, shown.*
    from whole w
    left join lateral (
      select f.member_id::text as member_id, m.account, p.depth, ${LOSS_COLUMNS}
      from figures f
      join members m on m.id = f.member_id
      join agent_paths p on p.ancestor = ${agentId} and p.descendant = f.member_id
      order by f.profit_loss asc, lower(m.account) asc, f.member_id asc
      -- A page past the end shows the last one, as pageOf says.
      limit ${size} offset greatest(0, least(${asked}, (ceil(w.count::numeric / ${size}) - 1) * ${size}))::bigint
    ) shown on true`.execute(db);
  const first = result.rows[0]!;
  const total = Number(first.total_count);
  const { page, pageCount } = pageOf(filter, total);
  return {
    rows: result.rows
      .filter((row) => row.member_id)
      .map((row) => ({
        memberId: row.member_id!,
        account: row.account!,
        depth: Number(row.depth),
        ...lossFiguresOf(row as LossFigureRow),
      })),
    page,
    pageCount,
    total,
    totals: lossFiguresOf({
      bets: first.total_bets,
      stake: first.total_stake,
      valid_bet: first.total_valid_bet,
      payout: first.total_payout,
      profit_loss: first.total_profit_loss,
      deposits: first.total_deposits,
      withdrawals: first.total_withdrawals,
    }),
  };
}

interface TotalColumns {
  total_count: string;
  total_bets: string;
  total_stake: string;
  total_valid_bet: string;
  total_payout: string;
  total_profit_loss: string;
  total_deposits: string;
  total_withdrawals: string;
}
