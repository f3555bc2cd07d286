import { sql, type Transaction } from "kysely";
import type { DB } from "../db/schema";
import { PlatformError } from "../errors";
import { lockWageringGrants, releaseGrant } from "./bonus-grants.server";
import { contributionOf } from "./reward-amount";

/**
 * The seamless wallet's side of bonuses, on every bet, so it must be cheap
 * when the member wagers nothing (most bets): the two questions below are
 * subqueries of the statements the wallet runs anyway (the bet's upsert and
 * its settlement), answered by the partial index `bonus_grants_wagering`,
 * with no round trip of their own. Only a member with a wagering grant pays
 * for the counting.
 */

/** For the bet upsert's `returning`: the lowest max bet of the member's wagering grants that refuse bigger bets. */
export const refusedAbove = sql<string | null>`(select min(g.max_bet) from bonus_grants g
  where g.member_id = bets.member_id and g.status = 'wagering' and g.max_bet_rule = 'refuse')`;

/** For the settlement's `returning`: does the member wager a bonus? */
export const wageringBonus = sql<boolean>`exists (select 1 from bonus_grants g
  where g.member_id = bets.member_id and g.status = 'wagering')`;

/** The round's stake may not pass a refusing grant's max bet (`bonus_max_bet`, details: max). */
export function checkMaxBet(round: { stake: string; max_bet: string | null }) {
  if (round.max_bet !== null && BigInt(round.stake) > BigInt(round.max_bet))
    throw new PlatformError("bonus_max_bet", { max: round.max_bet });
}

export interface SettledBet {
  id: string;
  member_id: string;
  category: string;
  stake: string;
  valid_bet: string;
  placed_at: Date | string;
}

/**
 * Counts a settled bet towards the member's wagering grants, oldest first:
 * each grant takes the share of the valid bet its category contributes, up
 * to what it still needs, and what it did not need flows on to the next. A
 * bet placed before a grant was issued does not count for it; a bet above a
 * `zero`-rule grant's max bet counts nothing. A grant that reaches its
 * requirement is released in this transaction. A bet counts once
 * (`bonus_turnover`), so a second credit of its round adds nothing.
 */
export async function countTurnover(trx: Transaction<DB>, bet: SettledBet, now: Date) {
  const grants = await lockWageringGrants(trx, bet.member_id);
  const counted = await trx
    .selectFrom("bonus_turnover")
    .select("grant_id")
    .where("bet_id", "=", bet.id)
    .limit(1)
    .executeTakeFirst();
  if (grants.length === 0 || counted) return;
  const placedAt = new Date(bet.placed_at);
  const stake = BigInt(bet.stake);
  let left = BigInt(bet.valid_bet);
  for (const grant of grants) {
    if (left <= 0n) break;
    if (placedAt < new Date(grant.issued_at)) continue;
    const overMax =
      grant.max_bet_rule === "zero" && grant.max_bet !== null && stake > BigInt(grant.max_bet);
    const percent = overMax
      ? 0n
      : BigInt(
          contributionOf(
            { contributions: grant.contributions, contributionDefault: grant.contribution_default },
            bet.category,
          ),
        );
    const needed = BigInt(grant.turnover_required) - BigInt(grant.turnover_done);
    let share = (left * percent) / 100n;
    let used = percent > 0n ? left : 0n;
    if (share >= needed && percent > 0n) {
      share = needed;
      // The valid bet it took to meet the requirement, rounded up; the rest counts further on.
      used = (needed * 100n + percent - 1n) / percent;
    }
    left -= used;
    await trx
      .insertInto("bonus_turnover")
      .values({ grant_id: grant.id, bet_id: bet.id, counted: share.toString() })
      .execute();
    if (share === 0n) continue;
    const done = BigInt(grant.turnover_done) + share;
    await trx
      .updateTable("bonus_grants")
      .set({ turnover_done: done.toString() })
      .where("id", "=", grant.id)
      .execute();
    if (done >= BigInt(grant.turnover_required))
      await releaseGrant(trx, { ...grant, turnover_done: done.toString() }, now);
  }
}
