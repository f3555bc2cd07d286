import {
  sql,
  type ExpressionBuilder,
  type ExpressionOrFactory,
  type RawBuilder,
  type SqlBool,
} from "kysely";
import { MAIN, POINTS, type EntryKind } from "./ledger.server";
import type { Database } from "../db/open.server";
import type { DB } from "../db/schema";
import { promotionIdOfRef } from "../rewards/promotion-names.server";

/**
 * The member centre's records (/member/transactions, profit-loss,
 * bonus, betting-record): read-only queries over the ledger and
 * the bets table, always for one member and one window of time. Totals are
 * summed by SQL over the whole filter, never from the page a member is on.
 * Amounts are integer minor units as decimal strings.
 */

/** A window of time: [from, to). */
export interface RecordWindow {
  from: Date;
  to: Date;
}

export interface Paging {
  page: number;
  pageSize: number;
}

export interface RecordPage<Row, Totals> {
  rows: Row[];
  /** The page shown: the one asked for, or the last one when that was past the end. */
  page: number;
  pageCount: number;
  /** Rows under the filter, over every page. */
  total: number;
  totals: Totals;
}

/** Transaction-history type filter: entry kinds grouped as a member thinks of them. */
export const TRANSACTION_TYPES = {
  deposit: ["deposit"],
  withdrawal: ["withdrawal_hold", "withdrawal_release", "withdrawal_refund"],
  transfer: ["transfer", "transfer_upline", "transfer_downline"],
  game: ["bet", "win", "bet_refund"],
  // A locked bonus moves again when it is released to MAIN or forfeited (ADR 15).
  bonus: ["bonus", "bonus_release", "bonus_forfeit"],
  // Staff credits and debits of the balance (manual adjustments).
  adjustment: ["adjustment"],
} as const satisfies Record<string, readonly EntryKind[]>;
export type TransactionType = keyof typeof TRANSACTION_TYPES;

export const BET_STATUSES = ["open", "settled", "void"] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

const WITHDRAWAL_KINDS: readonly string[] = TRANSACTION_TYPES.withdrawal;
const BONUS_KINDS: readonly string[] = TRANSACTION_TYPES.bonus;

export function pageOf(paging: Paging, total: number) {
  const pageCount = Math.max(1, Math.ceil(total / paging.pageSize));
  const page = Math.min(Math.max(1, paging.page), pageCount);
  return { page, pageCount, offset: (page - 1) * paging.pageSize };
}

/**
 * One page of a record list: `summarise` counts the rows under the filter
 * (`count`) and sums the totals (the rest of its row); `read` then reads the
 * page shown (pageOf: past the end, the last) by limit and offset. No rows,
 * no read.
 */
export async function recordPage<Summary extends { count: string }, Row>(
  paging: Paging,
  summarise: () => Promise<Summary>,
  read: (limit: number, offset: number) => Promise<Row[]>,
): Promise<RecordPage<Row, Omit<Summary, "count">>> {
  const { count, ...totals } = await summarise();
  const total = Number(count);
  const { page, pageCount, offset } = pageOf(paging, total);
  const rows = total === 0 ? [] : await read(paging.pageSize, offset);
  return { rows, page, pageCount, total, totals };
}

/** "MAIN", or the vassalage code of a vendor wallet ("VENDOR:AG" → "AG"). */
const walletName = (accountKind: string) =>
  accountKind === MAIN ? MAIN : accountKind.replace(/^VENDOR:/, "");

/** A bigint sum as a decimal string (never null, never a float). */
export const sumText = (expression: RawBuilder<unknown>) =>
  sql<string>`coalesce(sum(${expression}), 0)::text`;

export interface TransactionRow {
  id: string;
  createdAt: string;
  kind: string;
  /** What the entry was for (its memo's `title`), when whoever posted it named it: bonuses do. */
  title: string | null;
  /** Where a bonus came from when not a promotion (its memo's `source`: `rebate`, `vip_upgrade`). */
  source: string | null;
  /** The promotion a bonus, its release or its forfeit belongs to (the entry's ref, ADR 15). */
  promotionId: string | null;
  /** "MAIN", "BONUS" (a locked bonus, ADR 15) or a vendor wallet's vassalage. */
  wallet: string;
  amount: string;
  balanceAfter: string;
}

export interface TransactionTotals {
  /** Money into the wallets. */
  in: string;
  /** Money out of them, as a positive amount. */
  out: string;
  net: string;
}

type PostingTables = "postings" | "accounts" | "entries";

/**
 * Postings whose entries fall in the window (of the filter's type, if any),
 * on the accounts of the members `whose` picks: a condition on
 * `accounts.member_id` (one member, or an agent's downline).
 */
export function postingsOf(
  db: Database,
  whose: ExpressionOrFactory<DB, PostingTables, SqlBool>,
  filter: { window: RecordWindow; type?: TransactionType },
) {
  let query = db
    .selectFrom("postings")
    .innerJoin("accounts", "accounts.id", "postings.account_id")
    .innerJoin("entries", "entries.id", "postings.entry_id")
    .where(whose)
    // Points are not money: they have records of their own (the points mall).
    .where("accounts.kind", "<>", POINTS)
    .where("entries.created_at", ">=", filter.window.from)
    .where("entries.created_at", "<", filter.window.to);
  if (filter.type) query = query.where("entries.kind", "in", TRANSACTION_TYPES[filter.type]);
  return query;
}

/** Select on `postingsOf`: how many postings, and the money in, out and net over them all. */
export const postingTotals = (eb: ExpressionBuilder<DB, PostingTables>) => {
  const amount = sql.ref("postings.amount");
  return [
    eb.fn.countAll<string>().as("count"),
    sql<string>`coalesce(sum(${amount}) filter (where ${amount} > 0), 0)::text`.as("in"),
    sql<string>`coalesce(-sum(${amount}) filter (where ${amount} < 0), 0)::text`.as("out"),
    sumText(sql`${amount}`).as("net"),
  ];
};

/** Select on `postingsOf`: what a transaction list shows of a posting (`transactionRowOf`). */
export const POSTING_COLUMNS = [
  "postings.id",
  "entries.created_at",
  "entries.kind",
  sql<string | null>`entries.memo ->> 'title'`.as("title"),
  sql<string | null>`entries.memo ->> 'source'`.as("source"),
  "entries.ref",
  "accounts.kind as account_kind",
  "postings.amount",
  "postings.balance_after",
] as const;

/** A posting as a transaction list shows it: times as ISO strings, money as decimal strings. */
export function transactionRowOf(row: {
  id: string;
  created_at: Date | string;
  kind: string;
  title: string | null;
  source: string | null;
  ref: string | null;
  account_kind: string;
  amount: string | bigint;
  balance_after: string | bigint;
}): TransactionRow {
  return {
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    kind: row.kind,
    title: row.title,
    source: row.source,
    promotionId: promotionIdOfRef(row.ref),
    wallet: walletName(row.account_kind),
    amount: String(row.amount),
    balanceAfter: String(row.balance_after),
  };
}

/** /member/transactions: every movement on the member's wallets, newest first. */
export async function transactionHistory(
  db: Database,
  memberId: string,
  filter: { window: RecordWindow; type?: TransactionType } & Paging,
): Promise<RecordPage<TransactionRow, TransactionTotals>> {
  const own = (eb: ExpressionBuilder<DB, PostingTables>) => eb("accounts.member_id", "=", memberId);
  return recordPage(
    filter,
    () => postingsOf(db, own, filter).select(postingTotals).executeTakeFirstOrThrow(),
    (limit, offset) =>
      postingsOf(db, own, filter)
        .select(POSTING_COLUMNS)
        .orderBy("entries.created_at", "desc")
        .orderBy("postings.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute()
        .then((rows) => rows.map(transactionRowOf)),
  );
}

/** /member/bonus: bonuses, rebates and salaries credited to the member (the bonus rows of the history). */
export async function bonusDetails(
  db: Database,
  memberId: string,
  filter: { window: RecordWindow } & Paging,
): Promise<RecordPage<TransactionRow, { amount: string }>> {
  const { totals, ...records } = await transactionHistory(db, memberId, {
    ...filter,
    type: "bonus",
  });
  return { ...records, totals: { amount: totals.net } };
}

export interface ProfitLossFigures {
  deposits: string;
  /** Held for withdrawal, less what was released or refunded. */
  withdrawals: string;
  stakes: string;
  validBets: string;
  payouts: string;
  bonuses: string;
  /** Payouts − stakes + bonuses. */
  profitLoss: string;
}

export interface ProfitLossDay extends ProfitLossFigures {
  /** The calendar day in the brand's time zone. */
  day: string;
}

/**
 * The member's figures per day of the brand's time zone: money from the
 * ledger (by entry time), play from the bets (by the time they were placed;
 * void bets count for nothing). Days without any activity are left out.
 */
function dailyFigures(memberId: string, window: RecordWindow, timeZone: string) {
  return sql`
    with money as (
      select (e.created_at at time zone ${timeZone})::date as day,
        coalesce(sum(p.amount) filter (where e.kind = 'deposit'), 0) as deposits,
        coalesce(-sum(p.amount) filter (where e.kind in (${sql.join(WITHDRAWAL_KINDS)})), 0) as withdrawals,
        coalesce(sum(p.amount) filter (where e.kind in (${sql.join(BONUS_KINDS)})), 0) as bonuses
      from postings p
      join accounts a on a.id = p.account_id
      join entries e on e.id = p.entry_id
      where a.member_id = ${memberId} and e.created_at >= ${window.from} and e.created_at < ${window.to}
        and e.kind in ('deposit', ${sql.join(BONUS_KINDS)}, ${sql.join(WITHDRAWAL_KINDS)})
      group by 1
    ), play as (
      select (b.placed_at at time zone ${timeZone})::date as day,
        sum(b.stake) as stakes, sum(b.valid_bet) as valid_bets, sum(b.payout) as payouts
      from bets b
      where b.member_id = ${memberId} and b.status <> 'void' and b.placed_at >= ${window.from} and b.placed_at < ${window.to}
      group by 1
    ), daily as (
      select day,
        coalesce(money.deposits, 0) as deposits, coalesce(money.withdrawals, 0) as withdrawals,
        coalesce(play.stakes, 0) as stakes, coalesce(play.valid_bets, 0) as valid_bets,
        coalesce(play.payouts, 0) as payouts, coalesce(money.bonuses, 0) as bonuses
      from money full join play using (day)
    )`;
}

/** The figures a row of `daily` holds, summed for the totals. */
const FIGURE_SUMS = [
  "deposits",
  "withdrawals",
  "stakes",
  "valid_bets",
  "payouts",
  "bonuses",
] as const;

interface FigureRow {
  deposits: string;
  withdrawals: string;
  stakes: string;
  valid_bets: string;
  payouts: string;
  bonuses: string;
  profit_loss: string;
}

const figures = (row: FigureRow): ProfitLossFigures => ({
  deposits: row.deposits,
  withdrawals: row.withdrawals,
  stakes: row.stakes,
  validBets: row.valid_bets,
  payouts: row.payouts,
  bonuses: row.bonuses,
  profitLoss: row.profit_loss,
});

/**
 * A report by day off a `daily` CTE (one row per day, a column per figure):
 * the page of days asked for, newest first, and the totals over every day.
 * Each of `sums` is summed for the totals; both the days and the totals
 * select `sums` as text and then `derived`, so a figure computed from the
 * others is computed the same way for a day and for the whole window.
 */
export async function pageOfDays<Row>(
  db: Database,
  daily: RawBuilder<unknown>,
  columns: { sums: readonly string[]; derived: RawBuilder<unknown> },
  paging: Paging,
) {
  const select = sql.join([
    ...columns.sums.map((name) => sql`${sql.ref(name)}::text as ${sql.ref(name)}`),
    columns.derived,
  ]);
  const sums = columns.sums.map(
    (name) => sql`coalesce(sum(${sql.ref(name)}), 0) as ${sql.ref(name)}`,
  );
  return recordPage(
    paging,
    () =>
      sql<Row & { count: string }>`${daily}
        select days::text as count, ${select}
        from (select count(*) as days, ${sql.join(sums)} from daily) as whole`
        .execute(db)
        .then((result) => result.rows[0]!),
    (limit, offset) =>
      sql<Row & { day: string }>`${daily}
        select day::text as day, ${select} from daily order by day desc limit ${limit} offset ${offset}`
        .execute(db)
        .then((result) => result.rows),
  );
}

/** /member/profit-loss: the figures per day (newest first) and over the whole window. */
export async function profitLoss(
  db: Database,
  memberId: string,
  filter: { window: RecordWindow; timeZone: string } & Paging,
): Promise<RecordPage<ProfitLossDay, ProfitLossFigures>> {
  const days = await pageOfDays<FigureRow>(
    db,
    dailyFigures(memberId, filter.window, filter.timeZone),
    { sums: FIGURE_SUMS, derived: sql`(payouts - stakes + bonuses)::text as profit_loss` },
    filter,
  );
  return {
    ...days,
    rows: days.rows.map((row) => ({ day: row.day, ...figures(row) })),
    totals: figures(days.totals),
  };
}

export interface BetRow {
  id: string;
  placedAt: string;
  settledAt: string | null;
  vassalage: string;
  category: string;
  gameName: string;
  roundId: string;
  stake: string;
  validBet: string;
  payout: string;
  /** Payout − stake once settled; null while open or when void. */
  winLoss: string | null;
  status: BetStatus;
}

export interface BetTotals {
  stake: string;
  validBet: string;
  payout: string;
  /** Over settled bets only. */
  winLoss: string;
}

export interface BetFilter {
  window: RecordWindow;
  category?: string;
  vassalage?: string;
  /** One game of the vendor's (staff narrow a player's bets to it). */
  gameCode?: string;
  status?: BetStatus;
}

/**
 * Bets placed in the filter's window (of its category, vendor, game and status, if
 * any) by the members `whose` picks: a condition on `bets.member_id` (one
 * member, or an agent's downline).
 */
export function betsOf(
  db: Database,
  whose: ExpressionOrFactory<DB, "bets", SqlBool>,
  filter: BetFilter,
) {
  let query = db
    .selectFrom("bets")
    .where(whose)
    .where("bets.placed_at", ">=", filter.window.from)
    .where("bets.placed_at", "<", filter.window.to);
  if (filter.category) query = query.where("bets.category", "=", filter.category);
  if (filter.vassalage) query = query.where("bets.vassalage", "=", filter.vassalage);
  if (filter.gameCode) query = query.where("bets.game_code", "=", filter.gameCode);
  if (filter.status) query = query.where("bets.status", "=", filter.status);
  return query;
}

/** Select on `betsOf`: how many bets, and their totals (win/loss over the settled ones). */
export const betTotals = (eb: ExpressionBuilder<DB, "bets">) => [
  eb.fn.countAll<string>().as("count"),
  sumText(sql`bets.stake`).as("stake"),
  sumText(sql`bets.valid_bet`).as("validBet"),
  sumText(sql`bets.payout`).as("payout"),
  sql<string>`coalesce(sum(bets.payout - bets.stake) filter (where bets.status = 'settled'), 0)::text`.as(
    "winLoss",
  ),
];

/** Select on `betsOf`: what a bet list shows of a bet (`betRowOf`). */
export const BET_COLUMNS = [
  "bets.id",
  "bets.placed_at",
  "bets.settled_at",
  "bets.vassalage",
  "bets.category",
  "bets.game_name",
  "bets.round_id",
  "bets.stake",
  "bets.valid_bet",
  "bets.payout",
  "bets.status",
] as const;

/** The columns of `bets` a bet list reads. */
export interface BetColumns {
  id: string;
  placed_at: Date | string;
  settled_at: Date | string | null;
  vassalage: string;
  category: string;
  game_name: string;
  round_id: string;
  stake: string;
  valid_bet: string;
  payout: string;
  status: BetStatus;
}

/** A `bets` row as a bet list shows it: times as ISO strings, money as decimal strings, win/loss once settled. */
export function betRowOf(row: BetColumns): BetRow {
  return {
    id: row.id,
    placedAt: new Date(row.placed_at).toISOString(),
    settledAt: row.settled_at ? new Date(row.settled_at).toISOString() : null,
    vassalage: row.vassalage,
    category: row.category,
    gameName: row.game_name,
    roundId: row.round_id,
    stake: String(row.stake),
    validBet: String(row.valid_bet),
    payout: String(row.payout),
    winLoss: row.status === "settled" ? (BigInt(row.payout) - BigInt(row.stake)).toString() : null,
    status: row.status,
  };
}

/** /member/betting-record: the member's bets, newest first, with the window's totals. */
export async function bettingRecords(
  db: Database,
  memberId: string,
  filter: BetFilter & Paging,
): Promise<RecordPage<BetRow, BetTotals>> {
  const own = (eb: ExpressionBuilder<DB, "bets">) => eb("bets.member_id", "=", memberId);
  return recordPage(
    filter,
    () => betsOf(db, own, filter).select(betTotals).executeTakeFirstOrThrow(),
    (limit, offset) =>
      betsOf(db, own, filter)
        .select(BET_COLUMNS)
        .orderBy("bets.placed_at", "desc")
        .orderBy("bets.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute()
        .then((rows) => rows.map(betRowOf)),
  );
}

/** The vendors (vassalage codes) the member has bets with, for the betting record's vendor filter. */
export async function bettingVendors(db: Database, memberId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("bets")
    .select("vassalage")
    .distinct()
    .where("member_id", "=", memberId)
    .orderBy("vassalage")
    .execute();
  return rows.map((row) => row.vassalage);
}
