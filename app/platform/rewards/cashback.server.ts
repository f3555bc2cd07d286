import { payNewEntry } from "./bonus-grants.server";
import { isEligible } from "./eligibility";
import { promotionPeriod, type KeyedPeriod } from "./promotion-periods";
import { memberStanding, promotionOf, type Promotion } from "./promotion-rows.server";
import { rewardOn } from "./reward-amount";
import { postMessage } from "../content/messages.server";
import type { Database } from "../db/open.server";
import { inTransaction } from "../db/transaction.server";

/**
 * Cashback on net loss (issue 14), paid by the scheduler for every period
 * (day or week of the promotion's time zone) that has ended: each member's
 * settled stakes minus payouts over the period, times the promotion's rate,
 * up to its cap. The entry's unique key and the ledger key (promotion, member,
 * period) pay a member once per period whoever runs it and however often;
 * `paid_until` only saves the next run from recounting finished periods.
 */
export async function payDueCashback(db: Database, now = new Date()): Promise<number> {
  const rows = await db
    .selectFrom("promotions")
    .selectAll()
    .where("kind", "=", "cashback")
    .where("status", "=", "published")
    .where("starts_at", "<=", now)
    .execute();
  let paid = 0;
  for (const promotion of rows.map(promotionOf)) {
    let from = promotion.paidUntil ?? promotion.startsAt;
    for (;;) {
      if (promotion.endsAt && from >= promotion.endsAt) break;
      const period = promotionPeriod(promotion.period, from, promotion.timeZone);
      if (period.end > now) break;
      paid += await payPeriod(db, promotion, period, now);
      await db
        .updateTable("promotions")
        .set({ paid_until: period.end })
        .where("id", "=", promotion.id)
        .where((eb) => eb.or([eb("paid_until", "is", null), eb("paid_until", "<", period.end)]))
        .execute();
      from = period.end;
    }
  }
  return paid;
}

/** Pays one period's cashback to every member who lost over it; returns how many were paid now. */
async function payPeriod(db: Database, promotion: Promotion, period: KeyedPeriod, now: Date) {
  // Only the part of the period inside the promotion's schedule counts.
  const start = period.start < promotion.startsAt ? promotion.startsAt : period.start;
  const end = promotion.endsAt && promotion.endsAt < period.end ? promotion.endsAt : period.end;
  const losers = await db
    .selectFrom("bets")
    .select(["member_id", (eb) => eb.fn.sum<string>(eb("stake", "-", eb.ref("payout"))).as("loss")])
    .where("status", "=", "settled")
    .where("settled_at", ">=", start)
    .where("settled_at", "<", end)
    .groupBy("member_id")
    .having((eb) => eb.fn.sum(eb("stake", "-", eb.ref("payout"))), ">", 0)
    .execute();
  let paid = 0;
  for (const { member_id: memberId, loss } of losers) {
    const amount = rewardOn(promotion, BigInt(loss));
    if (amount <= 0n) continue;
    await inTransaction(db, async (trx) => {
      if (!isEligible(promotion, await memberStanding(trx, memberId), now)) return;
      const issued = await payNewEntry(
        trx,
        { promotion, memberId, periodKey: period.key, action: "issue", amount },
        now,
      );
      if (!issued) return;
      await postMessage(
        trx,
        memberId,
        "cashback_issued",
        { promotion: promotion.id, amount: amount.toString(), loss: String(loss) },
        now,
      );
      paid++;
    });
  }
  return paid;
}
