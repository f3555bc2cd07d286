import { sql } from "kysely";
import { checkScope } from "./reports.server";
import { inDownline, type TeamScope } from "./tree.server";
import type { Database } from "../db/open.server";
import {
  pageOfDays,
  POSTING_COLUMNS,
  postingsOf,
  postingTotals,
  recordPage,
  transactionRowOf,
  type Paging,
  type RecordPage,
  type RecordWindow,
  type TransactionRow,
  type TransactionTotals,
  type TransactionType,
} from "../wallet/records.server";

/**
 * The agent centre's reports read off the ledger and the settlements:
 * my income (the agent's own money) and account
 * details (the downline's movements).
 * Days are calendar days of the brand's time zone; amounts are minor units
 * as decimal strings.
 */

export interface IncomeFigures {
  dividend: string;
  dailyWage: string;
  hourlySalary: string;
  realtimeSalary: string;
  /** Settlements paid to the agent: the four kinds above. */
  income: string;
  /** Money downline members sent up to the agent (transfer_upline). */
  transfersIn: string;
  /** Money the agent sent down to its downline (transfer_downline), as a positive amount. */
  transfersOut: string;
  /** income + transfersIn − transfersOut. */
  net: string;
}

export interface IncomeDay extends IncomeFigures {
  day: string;
}

/**
 * Per day: the settlements paid to the agent by the time they were paid
 * (settled_at, when the bonus entry reached the wallet), by kind, and the
 * transfers on the agent's own wallets. Days with nothing are left out.
 */
function incomeDays(agentId: string, window: RecordWindow, timeZone: string) {
  return sql`
    with paid as (
      select (s.settled_at at time zone ${timeZone})::date as day,
        coalesce(sum(s.amount) filter (where s.kind = 'DIVIDEND'), 0) as dividend,
        coalesce(sum(s.amount) filter (where s.kind = 'DAILY'), 0) as daily_wage,
        coalesce(sum(s.amount) filter (where s.kind = 'HOURLY'), 0) as hourly_salary,
        coalesce(sum(s.amount) filter (where s.kind = 'REALTIME'), 0) as realtime_salary
      from settlements s
      where s.member_id = ${agentId} and s.amount > 0 and s.settled_at >= ${window.from} and s.settled_at < ${window.to}
      group by 1
    ), moved as (
      select (e.created_at at time zone ${timeZone})::date as day,
        coalesce(sum(p.amount) filter (where e.kind = 'transfer_upline' and p.amount > 0), 0) as transfers_in,
        coalesce(-sum(p.amount) filter (where e.kind = 'transfer_downline' and p.amount < 0), 0) as transfers_out
      from accounts a
      join postings p on p.account_id = a.id
      join entries e on e.id = p.entry_id
      where a.member_id = ${agentId} and e.kind in ('transfer_upline', 'transfer_downline')
        and e.created_at >= ${window.from} and e.created_at < ${window.to}
      group by 1
    ), daily as (
      select day,
        coalesce(paid.dividend, 0) as dividend, coalesce(paid.daily_wage, 0) as daily_wage,
        coalesce(paid.hourly_salary, 0) as hourly_salary, coalesce(paid.realtime_salary, 0) as realtime_salary,
        coalesce(moved.transfers_in, 0) as transfers_in, coalesce(moved.transfers_out, 0) as transfers_out
      from paid full join moved using (day)
      where coalesce(paid.dividend, 0) + coalesce(paid.daily_wage, 0) + coalesce(paid.hourly_salary, 0)
        + coalesce(paid.realtime_salary, 0) + coalesce(moved.transfers_in, 0) + coalesce(moved.transfers_out, 0) <> 0
    )`;
}

/** The figures a row of `daily` holds, summed for the totals. */
const INCOME_SUMS = [
  "dividend",
  "daily_wage",
  "hourly_salary",
  "realtime_salary",
  "transfers_in",
  "transfers_out",
] as const;

const INCOME_DERIVED = sql`(dividend + daily_wage + hourly_salary + realtime_salary)::text as income,
  (dividend + daily_wage + hourly_salary + realtime_salary + transfers_in - transfers_out)::text as net`;

interface IncomeRow {
  dividend: string;
  daily_wage: string;
  hourly_salary: string;
  realtime_salary: string;
  income: string;
  transfers_in: string;
  transfers_out: string;
  net: string;
}

const incomeOf = (row: IncomeRow): IncomeFigures => ({
  dividend: row.dividend,
  dailyWage: row.daily_wage,
  hourlySalary: row.hourly_salary,
  realtimeSalary: row.realtime_salary,
  income: row.income,
  transfersIn: row.transfers_in,
  transfersOut: row.transfers_out,
  net: row.net,
});

/** My income: the agent's own settlements and transfers per day (newest first) and over the window. */
export async function agentIncome(
  db: Database,
  agentId: string,
  filter: { window: RecordWindow; timeZone: string } & Paging,
): Promise<RecordPage<IncomeDay, IncomeFigures>> {
  const days = await pageOfDays<IncomeRow>(
    db,
    incomeDays(agentId, filter.window, filter.timeZone),
    { sums: INCOME_SUMS, derived: INCOME_DERIVED },
    filter,
  );
  return {
    ...days,
    rows: days.rows.map((row) => ({ day: row.day, ...incomeOf(row) })),
    totals: incomeOf(days.totals),
  };
}

export interface TeamTransactionRow extends TransactionRow {
  /** Whose wallet moved. */
  account: string;
}

/** Account details: every movement on the downline's wallets, newest first, with money in, out and net over the filter. */
export async function teamTransactions(
  db: Database,
  agentId: string,
  filter: TeamScope & { window: RecordWindow; type?: TransactionType } & Paging,
): Promise<RecordPage<TeamTransactionRow, TransactionTotals>> {
  await checkScope(db, agentId, filter);
  const team = inDownline(agentId, "accounts.member_id", filter);
  return recordPage(
    filter,
    () => postingsOf(db, team, filter).select(postingTotals).executeTakeFirstOrThrow(),
    (limit, offset) =>
      postingsOf(db, team, filter)
        .innerJoin("members", "members.id", "accounts.member_id")
        .select([...POSTING_COLUMNS, "members.account"])
        .orderBy("entries.created_at", "desc")
        .orderBy("postings.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute()
        .then((rows) => rows.map((row) => ({ ...transactionRowOf(row), account: row.account }))),
  );
}
