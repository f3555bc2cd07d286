import { sql, type Transaction } from "kysely";
import { termsOf } from "./contracts.server";
import { cadenceOf } from "./periods";
import type { ContractTerms } from "./terms";
import { inDownline } from "./tree.server";
import { periodAt, type Period } from "../calendar/periods";
import type { Database } from "../db/open.server";
import type { Contract, DB } from "../db/schema";
import { HOUSE, MAIN, postEntry } from "../wallet/ledger.server";

/**
 * Settlement (ADR 13): each active (or recently ended) contract is settled
 * period by period, from the bets its holder's team settled in the period
 * (by `bets.settled_at`; the team is the holder's downline at every depth)
 * and, for dividends, the bonuses the ledger credited to the team in the
 * period (which include the sub-agents' own wages and dividends), so an
 * upline shares the team's loss net of what the team was already given.
 * A period is settled once: the contract row is locked, a settlement row is
 * written under the unique (contract, period start), the payment is a ledger
 * entry keyed `settlement:<contract>:<period start>` from HOUSE:BONUSES, and
 * the contract's `settled_until` moves past the period, all in one
 * transaction. Rerunning a period finds it settled and pays nothing.
 *
 * A period is settled only once it has ended plus a grace minute, so a bet
 * whose transaction committed just after the end still falls in its period.
 * The first and last periods of a contract are cut to the time it was
 * active (accepted to terminated).
 */

export const SETTLEMENT_GRACE_MS = 60_000;
/** Periods one contract settles per run; a long backlog continues on the next run. */
const PERIODS_PER_RUN = 500;

export interface TeamFigures {
  /** Sum of valid bet of the team's bets settled in the window. */
  validBet: bigint;
  /** Players' payout − stake: negative when the team lost. */
  profitLoss: bigint;
  activeMembers: number;
  /** The real-time salary's weighted base: Σ valid bet × rate of each qualifying bet (basis points). */
  weighted: bigint;
  /** Valid bet of the bets that qualify for real-time salary. */
  qualifying: bigint;
  /** Bonuses credited to the team's main wallets in the window (ledger entries of kind bonus); dividends only. */
  bonuses: bigint;
}

/** The team's figures over [start, end) straight from `bets` (the real-time fields only with real-time terms). */
export async function teamFigures(
  db: Database | Transaction<DB>,
  holderId: string,
  window: Period,
  terms?: ContractTerms,
): Promise<TeamFigures> {
  const realtime =
    terms && "profitRate" in terms ? terms : { profitRate: 0, lossRate: 0, minSingleBet: 0 };
  const row = await db
    .selectFrom("bets as b")
    .innerJoin("agent_paths as p", "p.descendant", "b.member_id")
    .where("p.ancestor", "=", holderId)
    .where("p.depth", ">", 0)
    .where("b.status", "=", "settled")
    .where("b.settled_at", ">=", window.start)
    .where("b.settled_at", "<", window.end)
    .select([
      sql<string>`coalesce(sum(b.valid_bet), 0)::text`.as("validBet"),
      sql<string>`coalesce(sum(b.payout - b.stake), 0)::text`.as("profitLoss"),
      sql<string>`count(distinct b.member_id)::text`.as("activeMembers"),
      sql<string>`coalesce(sum(b.valid_bet * (case when b.payout > b.stake then ${realtime.profitRate}::bigint else ${realtime.lossRate}::bigint end)) filter (where b.stake >= ${realtime.minSingleBet}), 0)::text`.as(
        "weighted",
      ),
      sql<string>`coalesce(sum(b.valid_bet) filter (where b.stake >= ${realtime.minSingleBet}), 0)::text`.as(
        "qualifying",
      ),
    ])
    .executeTakeFirstOrThrow();
  const bonuses =
    terms && "minActiveMembers" in terms ? await teamBonuses(db, holderId, window) : 0n;
  return {
    validBet: BigInt(row.validBet),
    profitLoss: BigInt(row.profitLoss),
    activeMembers: Number(row.activeMembers),
    weighted: BigInt(row.weighted),
    qualifying: BigInt(row.qualifying),
    bonuses,
  };
}

/** Bonuses the ledger credited to the main wallets of the holder's team over [start, end). */
async function teamBonuses(
  db: Database | Transaction<DB>,
  holderId: string,
  window: Period,
): Promise<bigint> {
  const row = await db
    .selectFrom("entries as e")
    .innerJoin("postings as p", "p.entry_id", "e.id")
    .innerJoin("accounts as a", "a.id", "p.account_id")
    // Bonus money that reached MAIN: paid there at once, or released from the locked BONUS account.
    .where("e.kind", "in", ["bonus", "bonus_release"])
    .where("e.created_at", ">=", window.start)
    .where("e.created_at", "<", window.end)
    .where("a.kind", "=", MAIN)
    .where(inDownline(holderId, "a.member_id"))
    .select(sql<string>`coalesce(sum(p.amount), 0)::text`.as("bonuses"))
    .executeTakeFirstOrThrow();
  return BigInt(row.bonuses);
}

const share = (base: bigint, rate: number) => (base * BigInt(rate)) / 10_000n;

/** What the contract pays for a period with these figures: the base its rate applies to, and the amount (minor units, rounded down). */
export function settlementAmount(
  terms: ContractTerms,
  figures: TeamFigures,
): { base: bigint; amount: bigint } {
  if ("profitRate" in terms)
    return { base: figures.qualifying, amount: figures.weighted / 10_000n };
  if ("minActiveMembers" in terms) {
    const netLoss = -figures.profitLoss - figures.bonuses;
    const met =
      netLoss > 0n &&
      figures.validBet >= BigInt(terms.minValidBet) &&
      netLoss >= BigInt(terms.minProfitLoss) &&
      figures.activeMembers >= terms.minActiveMembers;
    return { base: netLoss > 0n ? netLoss : 0n, amount: met ? share(netLoss, terms.rate) : 0n };
  }
  const met = figures.validBet > 0n && figures.validBet >= BigInt(terms.minValidBet);
  return { base: figures.validBet, amount: met ? share(figures.validBet, terms.rate) : 0n };
}

/** When the contract stops being settled: its termination, or never. */
const endOf = (contract: Contract) =>
  contract.terminated_at ? new Date(contract.terminated_at) : null;

/**
 * Settles the next due period of one contract, if one is due at `now`.
 * Returns false when there is nothing (more) to settle.
 */
async function settleNextPeriod(
  db: Database,
  contractId: string,
  now: Date,
  timeZone: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const contract = await trx
      .selectFrom("contracts")
      .selectAll()
      .where("id", "=", contractId)
      .forUpdate()
      .executeTakeFirst();
    if (!contract?.settled_until || !["active", "terminated"].includes(contract.status))
      return false;
    const from = new Date(contract.settled_until);
    const ended = endOf(contract);
    if (ended && from >= ended) return false;
    const period = periodAt(cadenceOf(contract.kind, contract.period), from, timeZone);
    const window = { start: from, end: ended && ended < period.end ? ended : period.end };
    if (window.end.getTime() + SETTLEMENT_GRACE_MS > now.getTime()) return false;
    const terms = termsOf(contract);
    const figures = await teamFigures(trx, contract.downline_id, window, terms);
    const { base, amount } = settlementAmount(terms, figures);
    // A window nobody played in leaves no row: real-time salary has 288 of them a day.
    if (figures.validBet > 0n || figures.profitLoss !== 0n || amount > 0n) {
      const settlement = await trx
        .insertInto("settlements")
        .values({
          contract_id: contract.id,
          member_id: contract.downline_id,
          kind: contract.kind,
          period_start: period.start,
          window_start: window.start,
          window_end: window.end,
          valid_bet: figures.validBet,
          profit_loss: figures.profitLoss,
          active_members: figures.activeMembers,
          base,
          amount,
          settled_at: now,
        })
        .onConflict((oc) => oc.columns(["contract_id", "period_start"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (settlement && amount > 0n) {
        const entry = await postEntry(trx, {
          key: `settlement:${contract.id}:${period.start.toISOString()}`,
          kind: "bonus",
          memberId: contract.downline_id,
          ref: `settlement:${settlement.id}`,
          memo: { contract: contract.kind },
          at: now,
          movements: [
            {
              from: { house: HOUSE.bonuses },
              to: { memberId: contract.downline_id, kind: MAIN },
              amount,
            },
          ],
        });
        await trx
          .updateTable("settlements")
          .set({ entry_id: entry.id })
          .where("id", "=", settlement.id)
          .execute();
      }
    }
    const until =
      figures.activeMembers > 0
        ? window.end
        : await skipQuietPeriods(trx, contract, window.end, now, timeZone);
    await trx
      .updateTable("contracts")
      .set({ settled_until: until })
      .where("id", "=", contract.id)
      .execute();
    return true;
  });
}

/**
 * After a window in which the team settled no bet, the periods up to the
 * next one with a bet (or up to the current period) would settle to nothing:
 * jump over them in one step rather than one transaction each, which would
 * be 288 a day for real-time salary. Bets are stamped when they settle, so
 * no bet can later appear in a period already passed (the grace minute
 * covers commit lag).
 */
async function skipQuietPeriods(
  trx: Transaction<DB>,
  contract: Contract,
  from: Date,
  now: Date,
  timeZone: string,
): Promise<Date> {
  const cadence = cadenceOf(contract.kind, contract.period);
  const next = await trx
    .selectFrom("bets as b")
    .innerJoin("agent_paths as p", "p.descendant", "b.member_id")
    .where("p.ancestor", "=", contract.downline_id)
    .where("p.depth", ">", 0)
    .where("b.status", "=", "settled")
    .where("b.settled_at", ">=", from)
    .select((eb) => eb.fn.min("b.settled_at").as("at"))
    .executeTakeFirst();
  const horizon = next?.at ? new Date(next.at) : new Date(now.getTime() - SETTLEMENT_GRACE_MS);
  let until = periodAt(cadence, horizon, timeZone).start;
  const ended = endOf(contract);
  if (ended && until > ended) until = ended;
  return until > from ? until : from;
}

/** Settles every contract's due periods (up to a bound per contract and run). Returns how many periods it settled. */
export async function settleDueContracts(
  db: Database,
  timeZone: string,
  now = new Date(),
): Promise<number> {
  const due = await db
    .selectFrom("contracts")
    .select("id")
    .where("status", "in", ["active", "terminated"])
    .where("settled_until", "<", new Date(now.getTime() - SETTLEMENT_GRACE_MS))
    .where((eb) =>
      eb.or([eb("terminated_at", "is", null), eb("settled_until", "<", eb.ref("terminated_at"))]),
    )
    .orderBy("id")
    .execute();
  let settled = 0;
  for (const { id } of due) {
    for (let n = 0; n < PERIODS_PER_RUN && (await settleNextPeriod(db, id, now, timeZone)); n++)
      settled++;
  }
  return settled;
}
