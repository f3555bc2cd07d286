import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import {
  findGoods,
  GOODS_ICONS,
  GOODS_KINDS,
  saveGoods,
} from "~/platform/rewards/points/goods.server";
import { readForm, parseSubmission, formFailure } from "~/utils/form.server";
import { minorToInput } from "~/utils/money";
import { opsRequest } from "./__ops-request.server";
import { moneyField, wholeField } from "./__points.server";

/**
 * /ops/points/goods/new and /ops/points/goods/<id>: one item's form (name,
 * icon, kind, points price, amount requirement, cash value of a virtual
 * item, stock, on sale). The platform audits the save; an unknown id is a 404.
 */

const notFound = () => json({ error: "not_found" }, { status: 404 });
const idParam = /^\d{1,18}$/;

export async function opsGoodsLoader(request: Request, itemId: string | null) {
  const { db, brand, t, currency } = await opsRequest(request, "points.view");
  const item = itemId && idParam.test(itemId) ? await findGoods(db, itemId) : null;
  if (itemId && !item) throw notFound();
  return json({
    title: t(item ? "opsPoints.goods.edit" : "opsPoints.goods.new"),
    brandName: brand.name,
    currency,
    icons: GOODS_ICONS,
    item: item && {
      id: item.id,
      name: item.name,
      icon: item.icon,
      kind: item.kind,
      pointsPrice: String(item.pointsPrice),
      amountRequirement: minorToInput(item.amountRequirement, currency.minorUnits),
      cashValue: minorToInput(item.cashValue, currency.minorUnits),
      stock: String(item.stock),
      enabled: item.enabled,
    },
  });
}

function goodsSchema(t: TFunction, minorUnits: number) {
  return z.object({
    name: z
      .string({ error: t("opsPoints.error.name") })
      .trim()
      .min(1, t("opsPoints.error.name"))
      .max(80, t("opsPoints.error.name")),
    icon: z.enum(GOODS_ICONS, { error: t("opsPoints.error.choice") }),
    kind: z.enum(GOODS_KINDS, { error: t("opsPoints.error.choice") }),
    pointsPrice: wholeField(t("opsPoints.error.points"), 1, 1_000_000_000),
    amountRequirement: moneyField(t("opsPoints.error.money"), minorUnits, true).default(0n),
    cashValue: moneyField(t("opsPoints.error.money"), minorUnits, true).default(0n),
    stock: wholeField(t("opsPoints.error.stock"), 0, 1_000_000),
    enabled: z.boolean().default(false),
  });
}

export async function opsGoodsAction(request: Request, itemId: string | null) {
  const formData = await readForm(request);
  const { db, t, currency, act } = await opsRequest(request, "points.manage");
  if (itemId !== null && !idParam.test(itemId)) throw notFound();
  const submission = parseSubmission(formData, { schema: goodsSchema(t, currency.minorUnits) });
  if (submission.status !== "success") return formFailure(submission.reply());
  try {
    const value = submission.value;
    await saveGoods(db, itemId, { ...value, pointsPrice: BigInt(value.pointsPrice) }, act);
  } catch (error) {
    if (error instanceof PlatformError && error.code === "goods_not_found") throw notFound();
    if (error instanceof PlatformError && error.code === "goods_cash_value_required")
      return formFailure(
        submission.reply({ fieldErrors: { cashValue: [t("opsPoints.error.cashValue")] } }),
      );
    throw error;
  }
  return redirect("/ops/points?saved=goods");
}
