import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import {
  EARNING_PRODUCTS,
  type EarningProduct,
  readPointsConfig,
  savePointsConfig,
} from "~/platform/rewards/points/config.server";
import { listGoods } from "~/platform/rewards/points/goods.server";
import { readForm, parseSubmission, formFailure } from "~/utils/form.server";
import { minorToInput, parseMoneyInput } from "~/utils/money";
import { opsRequest } from "./__ops-request.server";

/**
 * /ops/points (issue 15): the brand's points config (ratios per product as
 * points per 100 currency units, the points→cash rate, minimum and step)
 * and the list of goods. Each loader and action checks the operator again;
 * the platform audits every save.
 */

/** Ratios are typed per 100 currency units; the platform keeps them per an amount in minor units. */
const per100 = (minorUnits: number) => 100n * 10n ** BigInt(minorUnits);

export async function opsPointsLoader(request: Request) {
  const { db, brand, t, currency } = await opsRequest(request, "points.view");
  const [config, goods] = await Promise.all([
    readPointsConfig(db),
    listGoods(db, { enabledOnly: false }),
  ]);
  const unit = per100(currency.minorUnits);
  const byProduct = new Map(config.ratios.map((ratio) => [ratio.product, ratio]));
  return json({
    title: t("opsPoints.title"),
    brandName: brand.name,
    currency,
    saved: new URL(request.url).searchParams.get("saved") === "1",
    ratios: EARNING_PRODUCTS.map((product) => {
      const ratio = byProduct.get(product);
      return {
        product,
        per100: ratio ? String((BigInt(ratio.points) * unit) / ratio.perMinor) : "0",
      };
    }),
    conversion: config.conversion && {
      points: String(config.conversion.points),
      cash: minorToInput(config.conversion.cash, currency.minorUnits),
      minPoints: String(config.conversion.minPoints),
      stepPoints: String(config.conversion.stepPoints),
    },
    goods: goods.map((item) => ({
      id: item.id,
      name: item.name,
      kind: item.kind,
      pointsPrice: String(item.pointsPrice),
      stock: item.stock,
      enabled: item.enabled,
    })),
  });
}

/** A whole number of points (or a count) within bounds; the message names the field's rule. */
export const wholeField = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

export const moneyField = (message: string, minorUnits: number, allowZero: boolean) =>
  z.string({ error: message }).transform((text, ctx) => {
    const minor = parseMoneyInput(text, minorUnits);
    if (minor === null || minor < 0n || (!allowZero && minor === 0n)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return minor;
  });

function configSchema(t: TFunction, minorUnits: number) {
  const ratio = wholeField(t("opsPoints.error.ratio"), 0, 1_000_000);
  // One field per earning product; fromEntries cannot name the keys it makes, so they are named here.
  const ratios = Object.fromEntries(
    EARNING_PRODUCTS.map((product) => [`ratio_${product}`, ratio]),
  ) as Record<`ratio_${EarningProduct}`, typeof ratio>;
  return z
    .object({
      ...ratios,
      ratePoints: wholeField(t("opsPoints.error.points"), 1, 1_000_000),
      rateCash: moneyField(t("opsPoints.error.cash"), minorUnits, false),
      minPoints: wholeField(t("opsPoints.error.points"), 1, 1_000_000_000),
      stepPoints: wholeField(t("opsPoints.error.points"), 1, 1_000_000_000),
    })
    .check((ctx) => {
      const { stepPoints, ratePoints } = ctx.value;
      if (stepPoints % ratePoints !== 0)
        ctx.issues.push({
          code: "custom",
          input: stepPoints,
          path: ["stepPoints"],
          message: t("opsPoints.error.stepWhole"),
        });
    });
}

export async function opsPointsAction(request: Request) {
  const formData = await readForm(request);
  const { db, t, currency, act } = await opsRequest(request, "points.manage");
  const submission = parseSubmission(formData, { schema: configSchema(t, currency.minorUnits) });
  if (submission.status !== "success") return formFailure(submission.reply());
  const value = submission.value;
  const unit = per100(currency.minorUnits);
  await savePointsConfig(
    db,
    {
      ratios: EARNING_PRODUCTS.map((product) => ({
        product,
        points: value[`ratio_${product}`],
        perMinor: unit,
      })),
      conversion: {
        points: value.ratePoints,
        cash: value.rateCash,
        minPoints: BigInt(value.minPoints),
        stepPoints: BigInt(value.stepPoints),
      },
    },
    act,
  );
  return redirect("/ops/points?saved=1");
}
