import type { Transaction } from "kysely";
import { payNewEntry } from "./bonus-grants.server";
import { isEligible } from "./eligibility";
import { lockEntry, moveEntry } from "./entries.server";
import { promotionPeriod } from "./promotion-periods";
import { memberStanding, promotionOf, type Promotion } from "./promotion-rows.server";
import type { PromotionKind } from "./promotion-types";
import { rewardOn } from "./reward-amount";
import { postMessage } from "../content/messages.server";
import type { DB } from "../db/schema";

/**
 * The events that earn a reward without a click, each in the transaction of
 * the change that triggers it: a confirmed deposit qualifies first-deposit
 * and reload promotions, a registration earns the registration bonus.
 */
type Trx = Transaction<DB>;

/** Published promotions of these kinds open at `now`: one indexed query, usually empty. */
async function openPromotions(trx: Trx, kinds: PromotionKind[], now: Date): Promise<Promotion[]> {
  const rows = await trx
    .selectFrom("promotions")
    .selectAll()
    .where("status", "=", "published")
    .where("kind", "in", kinds)
    .where("starts_at", "<=", now)
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]))
    .orderBy("id")
    .execute();
  return rows.map(promotionOf);
}

/**
 * A deposit being confirmed (the caller's transaction, before the deposit is
 * marked confirmed, so the member's deposit count is the count before it):
 * a join-then-claim promotion the member joined this period moves to
 * `claim` with its amount; an automatic one pays at once. One reward per
 * promotion and period, whatever else is deposited.
 */
export async function qualifyDeposit(
  trx: Trx,
  deposit: { id: string; member_id: string; amount: string },
  now: Date,
) {
  const promotions = await openPromotions(trx, ["first_deposit", "reload"], now);
  if (promotions.length === 0) return;
  const memberId = deposit.member_id;
  const amount = BigInt(deposit.amount);
  const standing = await memberStanding(trx, memberId);
  for (const promotion of promotions) {
    if (amount < promotion.minDeposit || !isEligible(promotion, standing, now)) continue;
    const reward = rewardOn(promotion, amount);
    if (reward <= 0n) continue;
    const period = promotionPeriod(promotion.period, now, promotion.timeZone);
    const params = { promotion: promotion.id, amount: reward.toString() };
    if (promotion.claimMode === "join_claim") {
      const entry = await lockEntry(trx, promotion.id, memberId, period.key);
      if (entry?.state !== "joined") continue;
      await moveEntry(trx, entry, "qualify", now, {
        changes: { amount: reward.toString(), deposit_id: deposit.id },
      });
      await postMessage(trx, memberId, "promotion_claimable", params, now);
    } else {
      const paid = await payNewEntry(
        trx,
        {
          promotion,
          memberId,
          periodKey: period.key,
          action: "issue",
          amount: reward,
          deposit: amount,
          depositId: deposit.id,
        },
        now,
      );
      if (paid) await postMessage(trx, memberId, "promotion_issued", params, now);
    }
  }
}

/** A new member's registration bonus, once per promotion (trial accounts never register here). */
export async function issueRegistrationBonuses(trx: Trx, memberId: string, now: Date) {
  const promotions = await openPromotions(trx, ["registration"], now);
  if (promotions.length === 0) return;
  const standing = await memberStanding(trx, memberId);
  for (const promotion of promotions) {
    if (!isEligible(promotion, standing, now)) continue;
    const amount = rewardOn(promotion, 0n);
    const paid = await payNewEntry(
      trx,
      { promotion, memberId, periodKey: "once", action: "issue", amount },
      now,
    );
    if (paid)
      await postMessage(
        trx,
        memberId,
        "promotion_issued",
        { promotion: promotion.id, amount: amount.toString() },
        now,
      );
  }
}
