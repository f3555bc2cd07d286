import { randomInt } from "node:crypto";
import { sql, type Transaction } from "kysely";
import { postMessage } from "../content/messages.server";
import type { Database } from "../db/open.server";
import type { DB } from "../db/schema";
import { PlatformError } from "../errors";
import { payNewEntry } from "./bonus-grants.server";
import { lockEntry } from "./entries.server";
import { assertEligible, assertOpen } from "./guards.server";
import { promotionPeriod } from "./promotion-periods";
import { loadPromotion, type Promotion } from "./promotion-rows.server";

/**
 * Red envelopes (MCS2_claimRafflePromotion): a budget per window
 * (a day by default); each eligible member opens one envelope per window and
 * gets a random amount in [min, max], cut to what is left. The window's row
 * is locked while an envelope is drawn and `red_envelope_within_budget`
 * holds `paid ≤ budget` whatever the code does, so parallel openings pay at
 * most the budget; the entry's unique key pays each member once.
 */
type Trx = Transaction<DB>;

/** Thrown inside the transaction when a parallel opening by the same member won: undo our draw. */
class AlreadyOpened extends Error {}

export async function openRedEnvelope(
  db: Database,
  input: {
    memberId: string;
    promotionId: string;
    now?: Date;
    /** An integer in [0, span): the envelope's offset above its minimum (tests pin it). */
    pick?: (span: number) => number;
  },
): Promise<{ amount: bigint; replayed: boolean }> {
  const now = input.now ?? new Date();
  // Money: a cryptographic draw, so no one can predict the next envelope from earlier ones.
  const pick = input.pick ?? randomInt;
  const promotion = await loadPromotion(db, input.promotionId);
  if (promotion.kind !== "red_envelope" || !promotion.envelope)
    throw new PlatformError("promotion_action_refused", { state: "join" });
  const window = promotionPeriod(promotion.period, now, promotion.timeZone);
  try {
    return await db.transaction().execute(async (trx) => {
      const existing = await lockEntry(trx, promotion.id, input.memberId, window.key);
      if (existing) return { amount: BigInt(existing.amount ?? "0"), replayed: true };
      assertOpen(promotion, now);
      await assertEligible(trx, promotion, input.memberId, now);
      const amount = await drawFromBudget(trx, promotion, window.key, pick);
      const paid = await payNewEntry(
        trx,
        { promotion, memberId: input.memberId, periodKey: window.key, action: "claim", amount },
        now,
      );
      if (!paid) throw new AlreadyOpened();
      await postMessage(
        trx,
        input.memberId,
        "red_envelope",
        { promotion: promotion.id, amount: amount.toString() },
        now,
      );
      return { amount, replayed: false };
    });
  } catch (error) {
    if (!(error instanceof AlreadyOpened)) throw error;
    const first = await db
      .selectFrom("promotion_entries")
      .select("amount")
      .where("promotion_id", "=", promotion.id)
      .where("member_id", "=", input.memberId)
      .where("period_key", "=", window.key)
      .executeTakeFirst();
    return { amount: BigInt(first?.amount ?? "0"), replayed: true };
  }
}

/** Draws an amount from the window's budget and books it (`red_envelope_empty` when less than min is left). */
async function drawFromBudget(
  trx: Trx,
  promotion: Promotion,
  windowKey: string,
  pick: (span: number) => number,
): Promise<bigint> {
  const { budget, min, max } = promotion.envelope!;
  await trx
    .insertInto("red_envelope_windows")
    .values({ promotion_id: promotion.id, window_key: windowKey, budget: budget.toString() })
    .onConflict((oc) => oc.columns(["promotion_id", "window_key"]).doNothing())
    .execute();
  const row = await trx
    .selectFrom("red_envelope_windows")
    .select(["budget", "paid"])
    .where("promotion_id", "=", promotion.id)
    .where("window_key", "=", windowKey)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const left = BigInt(row.budget) - BigInt(row.paid);
  if (left < min) throw new PlatformError("red_envelope_empty");
  const high = left < max ? left : max;
  const span = Number(high - min) + 1;
  const amount = min + BigInt(Math.max(0, Math.min(span - 1, pick(span))));
  await trx
    .updateTable("red_envelope_windows")
    .set((eb) => ({ paid: eb("paid", "+", amount.toString()) }))
    .where("promotion_id", "=", promotion.id)
    .where("window_key", "=", windowKey)
    .execute();
  return amount;
}

/** Envelopes the member could open now (the header's unclaimed count): eligible, unopened, budget left. */
export async function openableEnvelopes(
  db: Database,
  promotions: Promotion[],
  memberId: string,
  now: Date,
): Promise<number> {
  let count = 0;
  for (const promotion of promotions) {
    if (!promotion.envelope) continue;
    const window = promotionPeriod(promotion.period, now, promotion.timeZone);
    // One statement: this runs for every signed-in page (the header's count).
    const state = await db
      .selectNoFrom((eb) => [
        eb
          .exists(
            eb
              .selectFrom("promotion_entries")
              .select("id")
              .where("promotion_id", "=", promotion.id)
              .where("member_id", "=", memberId)
              .where("period_key", "=", window.key),
          )
          .as("entered"),
        eb
          .selectFrom("red_envelope_windows")
          .select(sql<string>`budget - paid`.as("left"))
          .where("promotion_id", "=", promotion.id)
          .where("window_key", "=", window.key)
          .as("left"),
      ])
      .executeTakeFirstOrThrow();
    const left = state.left === null ? promotion.envelope.budget : BigInt(state.left);
    if (!state.entered && left >= promotion.envelope.min) count++;
  }
  return count;
}
