import { audit, auditChange, type OperatorAct } from "../../audit/audit.server";
import type { Database } from "../../db/open.server";
import { PlatformError } from "../../errors";

/**
 * The mall's goods (name, quantity, points requirement, amount
 * requirement, status). Physical goods wait for an operator after a
 * redemption; virtual goods are cash credited at once (`cashValue` each).
 * Names are the operator's own words, shown as written in every language.
 */

export const GOODS_KINDS = ["physical", "virtual"] as const;
export type GoodsKind = (typeof GOODS_KINDS)[number];
/** Icons the mall draws for goods (app/components/points). */
export const GOODS_ICONS = ["gift", "phone", "watch", "cash", "voucher", "ticket"] as const;

export interface Goods {
  id: string;
  name: string;
  icon: string;
  kind: GoodsKind;
  pointsPrice: bigint;
  /** Confirmed deposits, in minor units, a member must have made to redeem it. */
  amountRequirement: bigint;
  cashValue: bigint;
  stock: number;
  enabled: boolean;
}

export type GoodsInput = Omit<Goods, "id">;

const COLUMNS = [
  "id",
  "name",
  "icon",
  "kind",
  "points_price",
  "amount_requirement",
  "cash_value",
  "stock",
  "enabled",
] as const;

type Row = {
  id: string;
  name: string;
  icon: string;
  kind: GoodsKind;
  points_price: string;
  amount_requirement: string;
  cash_value: string;
  stock: number;
  enabled: boolean;
};

const goodsOf = (row: Row): Goods => ({
  id: row.id,
  name: row.name,
  icon: row.icon,
  kind: row.kind,
  pointsPrice: BigInt(row.points_price),
  amountRequirement: BigInt(row.amount_requirement),
  cashValue: BigInt(row.cash_value),
  stock: row.stock,
  enabled: row.enabled,
});

/** Every item (the operator's list) or only the enabled ones (the mall). */
export async function listGoods(db: Database, { enabledOnly }: { enabledOnly: boolean }) {
  let query = db.selectFrom("mall_items").select(COLUMNS).orderBy("points_price").orderBy("id");
  if (enabledOnly) query = query.where("enabled", "=", true);
  return (await query.execute()).map(goodsOf);
}

export async function findGoods(db: Database, id: string): Promise<Goods | null> {
  const row = await db
    .selectFrom("mall_items")
    .select(COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? goodsOf(row) : null;
}

const columnsOf = (input: GoodsInput) => ({
  name: input.name,
  icon: input.icon,
  kind: input.kind,
  points_price: input.pointsPrice,
  amount_requirement: input.amountRequirement,
  cash_value: input.kind === "virtual" ? input.cashValue : 0n,
  stock: input.stock,
  enabled: input.enabled,
});

const auditable = (input: GoodsInput) => ({
  ...input,
  pointsPrice: String(input.pointsPrice),
  amountRequirement: String(input.amountRequirement),
  cashValue: String(input.cashValue),
});

/**
 * Creates an item (no `id`) or changes one (`goods_not_found` when it does not
 * exist); a virtual item must pay something (`goods_cash_value_required`).
 * Audited with the values before and after. Returns the item's id.
 */
export async function saveGoods(
  db: Database,
  id: string | null,
  input: GoodsInput,
  act: OperatorAct,
): Promise<string> {
  if (input.kind === "virtual" && input.cashValue <= 0n)
    throw new PlatformError("goods_cash_value_required");
  const before = id ? await findGoods(db, id) : null;
  if (id && !before) throw new PlatformError("goods_not_found");
  const saved = id
    ? await db
        .updateTable("mall_items")
        .set({ ...columnsOf(input), updated_at: new Date() })
        .where("id", "=", id)
        .returning("id")
        .executeTakeFirstOrThrow()
    : await db
        .insertInto("mall_items")
        .values(columnsOf(input))
        .returning("id")
        .executeTakeFirstOrThrow();
  await audit(db, "mall_item_saved", act.context, {
    target: { type: "mall_item", id: String(saved.id) },
    ...auditChange(before ? auditable(before) : null, auditable(input)),
  });
  return saved.id;
}
