import { sql } from "kysely";
import type { Database } from "../../db/open.server";
import type { RedemptionStatus } from "../../db/schema";
import { inTransaction } from "../../db/transaction.server";
import { PlatformError } from "../../errors";
import { publishOpsQueue } from "../../events/producers.server";
import { HOUSE, MAIN, memberKey, POINTS, postEntry } from "../../wallet/ledger.server";
import { checkWithdrawPassword } from "../../wallet/withdraw-password.server";

/**
 * Redeeming goods for points (and its redeem records), confirmed with the
 * security centre's withdraw password (its five-wrong lock included). The
 * stock is taken by one conditional update in the transaction that spends the
 * points, so parallel redemptions never sell more than is left and a refused
 * spend puts the stock back. Physical goods then wait in the operator's queue
 * (process); virtual goods credit their cash in the same entry and are
 * complete at once.
 */

export interface RedeemRequest {
  memberId: string;
  itemId: string;
  quantity: number;
  withdrawPassword: string;
  /** The form's key: a second submit of the same form redeems nothing more. */
  formKey: string;
  now?: Date;
}

/** Thrown inside the transaction when the form was already redeemed, to undo this attempt's stock. */
class AlreadyRedeemed extends Error {}

/**
 * Returns the redemption (the first one for a repeated form key). Refusals:
 * `goods_not_found` (unknown or disabled), `goods_out_of_stock` (details:
 * left), `amount_requirement_unmet` (details: required), `points_insufficient`,
 * and the withdraw password's `withdraw_password_unset | _wrong | _locked`.
 */
export async function redeemGoods(db: Database, request: RedeemRequest) {
  const now = request.now ?? new Date();
  const earlier = await redemptionOfForm(db, request.memberId, request.formKey);
  if (earlier) return earlier;
  await checkWithdrawPassword(db, request.memberId, request.withdrawPassword);
  try {
    return await inTransaction(db, async (trx) => {
      const item = await trx
        .updateTable("mall_items")
        .set({ stock: sql`stock - ${request.quantity}` })
        .where("id", "=", request.itemId)
        .where("enabled", "=", true)
        .where("stock", ">=", request.quantity)
        .returning(["id", "name", "kind", "points_price", "cash_value", "amount_requirement"])
        .executeTakeFirst();
      if (!item) throw await stockRefusal(trx, request.itemId);
      const required = BigInt(item.amount_requirement);
      if (required > 0n && (await confirmedDeposits(trx, request.memberId)) < required)
        throw new PlatformError("amount_requirement_unmet", { required: String(required) });
      const points = BigInt(item.points_price) * BigInt(request.quantity);
      const pointsMove = {
        from: { memberId: request.memberId, kind: POINTS },
        to: { house: HOUSE.points },
        amount: points,
      } as const;
      const cash = BigInt(item.cash_value) * BigInt(request.quantity);
      const entry = await postEntry(trx, {
        key: memberKey(request.memberId, "points-redeem", request.formKey),
        kind: "points_redeemed",
        memberId: request.memberId,
        ref: `goods:${item.id}`,
        memo: { source: "redeem", item: item.name, quantity: String(request.quantity) },
        at: now,
        movements:
          item.kind === "virtual"
            ? [
                pointsMove,
                {
                  from: { house: HOUSE.bonuses },
                  to: { memberId: request.memberId, kind: MAIN },
                  amount: cash,
                },
              ]
            : [pointsMove],
      }).catch((error: unknown) => {
        if (error instanceof PlatformError && error.code === "insufficient_balance")
          throw new PlatformError("points_insufficient");
        throw error;
      });
      if (entry.replayed) throw new AlreadyRedeemed();
      const status: RedemptionStatus = item.kind === "virtual" ? "complete" : "process";
      if (status === "process") await publishOpsQueue(trx, "points_redemptions");
      return trx
        .insertInto("redemptions")
        .values({
          member_id: request.memberId,
          item_id: item.id,
          quantity: request.quantity,
          points,
          status,
          form_key: request.formKey,
          spend_entry_id: entry.id,
          settle_entry_id: item.kind === "virtual" ? entry.id : null,
          created_at: now,
          decided_at: item.kind === "virtual" ? now : null,
        })
        .returning(["id", "status", "points"])
        .executeTakeFirstOrThrow();
    });
  } catch (error) {
    if (!(error instanceof AlreadyRedeemed)) throw error;
    return (await redemptionOfForm(db, request.memberId, request.formKey))!;
  }
}

function redemptionOfForm(db: Database, memberId: string, formKey: string) {
  return db
    .selectFrom("redemptions")
    .select(["id", "status", "points"])
    .where("member_id", "=", memberId)
    .where("form_key", "=", formKey)
    .executeTakeFirst();
}

/** Why the stock update matched nothing: no such item on sale, or too few left. */
async function stockRefusal(db: Pick<Database, "selectFrom">, itemId: string) {
  const item = await db
    .selectFrom("mall_items")
    .select(["stock", "enabled"])
    .where("id", "=", itemId)
    .executeTakeFirst();
  if (!item?.enabled) return new PlatformError("goods_not_found");
  return new PlatformError("goods_out_of_stock", { left: String(item.stock) });
}

/** The amount requirement counts money the member paid in: confirmed deposits, ever. */
async function confirmedDeposits(db: Pick<Database, "selectFrom">, memberId: string) {
  const row = await db
    .selectFrom("deposits")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>("amount"), eb.lit(0)).as("total"))
    .where("member_id", "=", memberId)
    .where("status", "=", "confirmed")
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}
