import type { Database } from "../db/open.server";
import { awardPoints } from "../rewards/points-ledger.server";
import type { BrandConfig } from "../system/brand-config.server";

/**
 * The demo brand's points mall (issue 15): ratios per product (points per
 * 100 currency units), 100 points to one currency unit in steps of 100 from
 * 1,000, goods of both kinds (one sold out, one disabled), and points for
 * player01 and vipstar so the mall has something to spend. Idempotent
 * (marker row; the points are keyed).
 */
const RATIOS_PER_100 = { deposit: 100, slots: 100, live: 20, lottery: 50, pvp: 50, sports: 50 };

const GOODS = [
  { name: "Lucky Harbour mug", icon: "gift", kind: "physical", points: 2_000, stock: 50 },
  { name: "Rs 50 credit", icon: "cash", kind: "virtual", points: 6_000, stock: 1_000, cash: 50 },
  {
    name: "Wireless earbuds",
    icon: "phone",
    kind: "physical",
    points: 15_000,
    stock: 10,
    deposits: 5_000,
  },
  { name: "Cinema ticket", icon: "ticket", kind: "physical", points: 3_000, stock: 0 },
  { name: "Smart watch", icon: "watch", kind: "physical", points: 50_000, stock: 3, off: true },
] as const;

const DEMO_POINTS = { player01: 12_000n, vipstar: 80_000n };

export async function seedDemoPoints(db: Database, brand: BrandConfig): Promise<boolean> {
  const marker = await db
    .selectFrom("settings")
    .select("key")
    .where("key", "=", "seed_points")
    .executeTakeFirst();
  if (marker) return false;
  const unit = 10n ** BigInt(brand.currency.minorUnits);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("points_ratios")
      .values(
        Object.entries(RATIOS_PER_100).map(([product, points]) => ({
          product,
          points,
          per_minor: 100n * unit,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto("points_conversion")
      .values({ points: 100, cash: unit, min_points: 1_000n, step_points: 100n })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto("mall_items")
      .values(
        GOODS.map((item) => ({
          name: item.name,
          icon: item.icon,
          kind: item.kind,
          points_price: item.points,
          amount_requirement: "deposits" in item ? BigInt(item.deposits) * unit : 0n,
          cash_value: "cash" in item ? BigInt(item.cash) * unit : 0n,
          stock: item.stock,
          enabled: !("off" in item),
        })),
      )
      .execute();
    const members = await trx
      .selectFrom("members")
      .select(["id", "account"])
      .where("account", "in", Object.keys(DEMO_POINTS))
      .execute();
    for (const member of members) {
      await awardPoints(trx, {
        key: `points:seed:${member.id}`,
        memberId: member.id,
        points: DEMO_POINTS[member.account as keyof typeof DEMO_POINTS],
        source: "deposit",
      });
    }
    await trx
      .insertInto("settings")
      .values({ key: "seed_points", value: JSON.stringify(true) })
      .execute();
  });
  return true;
}
