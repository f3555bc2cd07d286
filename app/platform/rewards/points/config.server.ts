import { audit, auditChange, type OperatorAct } from "../../audit/audit.server";
import type { Database } from "../../db/open.server";
import { inTransaction, type Executor } from "../../db/transaction.server";
import { PlatformError } from "../../errors";

/** Points types that earn: five products of play and the deposit. */
export const EARNING_PRODUCTS = ["live", "lottery", "pvp", "slots", "sports", "deposit"] as const;
export type EarningProduct = (typeof EARNING_PRODUCTS)[number];

/** Bet categories counted under each product's ratio (the rules area says so). */
export const PRODUCT_OF_CATEGORY: Record<string, Exclude<EarningProduct, "deposit">> = {
  LIVE: "live",
  LOTT: "lottery",
  ELOTT: "lottery",
  PVP: "pvp",
  RNG: "slots",
  FISH: "slots",
  MXWIN: "slots",
  SPORTS: "sports",
  ESPORTS: "sports",
  COCKFIGHT: "sports",
};

/** `points` points for every `perMinor` minor units, rounded down. */
export interface PointsRatio {
  product: EarningProduct;
  points: number;
  perMinor: bigint;
}

/** `points` points convert to `cash` minor units, from `minPoints` up, in steps of `stepPoints`. */
export interface ConversionRate {
  points: number;
  cash: bigint;
  minPoints: bigint;
  stepPoints: bigint;
}

export interface PointsConfig {
  ratios: PointsRatio[];
  conversion: ConversionRate | null;
}

/** Whole points an amount earns at a ratio: never a fraction, never rounded up. */
export const pointsEarned = (amount: bigint, ratio: Pick<PointsRatio, "points" | "perMinor">) =>
  (amount * BigInt(ratio.points)) / ratio.perMinor;

/** Cash (minor units) a number of points converts to. */
export const cashFor = (points: bigint, rate: Pick<ConversionRate, "points" | "cash">) =>
  (points * rate.cash) / BigInt(rate.points);

export async function readPointsConfig(db: Executor): Promise<PointsConfig> {
  const [ratios, conversion] = await Promise.all([
    db.selectFrom("points_ratios").select(["product", "points", "per_minor"]).execute(),
    db
      .selectFrom("points_conversion")
      .select(["points", "cash", "min_points", "step_points"])
      .executeTakeFirst(),
  ]);
  const byProduct = new Map(ratios.map((row) => [row.product, row]));
  return {
    ratios: EARNING_PRODUCTS.flatMap((product) => {
      const row = byProduct.get(product);
      return row ? [{ product, points: row.points, perMinor: BigInt(row.per_minor) }] : [];
    }),
    conversion: conversion
      ? {
          points: conversion.points,
          cash: BigInt(conversion.cash),
          minPoints: BigInt(conversion.min_points),
          stepPoints: BigInt(conversion.step_points),
        }
      : null,
  };
}

/** The ratio of one product, or null when the brand gives no points for it. */
export async function ratioOf(db: Executor, product: EarningProduct) {
  const row = await db
    .selectFrom("points_ratios")
    .select(["points", "per_minor"])
    .where("product", "=", product)
    .executeTakeFirst();
  return row && row.points > 0 ? { points: row.points, perMinor: BigInt(row.per_minor) } : null;
}

/**
 * Replaces the brand's ratios and rate (the operator's form). A step that is
 * not a whole number of the rate's points is `points_step_not_whole` (the
 * table's check says the same). Audited with what was there before.
 */
export async function savePointsConfig(
  db: Database,
  config: { ratios: PointsRatio[]; conversion: ConversionRate },
  act: OperatorAct,
) {
  const { conversion } = config;
  if (conversion.stepPoints % BigInt(conversion.points) !== 0n)
    throw new PlatformError("points_step_not_whole");
  const before = await inTransaction(db, async (trx) => {
    const previous = await readPointsConfig(trx);
    for (const ratio of config.ratios) {
      const row = { points: ratio.points, per_minor: ratio.perMinor, updated_at: new Date() };
      await trx
        .insertInto("points_ratios")
        .values({ product: ratio.product, ...row })
        .onConflict((oc) => oc.column("product").doUpdateSet(row))
        .execute();
    }
    const rate = {
      points: conversion.points,
      cash: conversion.cash,
      min_points: conversion.minPoints,
      step_points: conversion.stepPoints,
      updated_at: new Date(),
    };
    await trx
      .insertInto("points_conversion")
      .values(rate)
      .onConflict((oc) => oc.column("singleton").doUpdateSet(rate))
      .execute();
    return previous;
  });
  await audit(db, "points_config_saved", act.context, {
    target: { type: "points_config", id: "brand" },
    ...auditChange(before, config),
  });
}
