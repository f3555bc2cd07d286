import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import { formatPoints } from "~/components/points/format";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import { convertPoints } from "~/platform/rewards/points/convert.server";
import { redeemGoods } from "~/platform/rewards/points/redeem.server";
import { getDb } from "~/platform/start.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { requireRealMember } from "~/utils/auth.server";
import { readForm, parseSubmission, formFailure } from "~/utils/form.server";
import { i18next, translatorFor } from "~/utils/i18next.server";
import { requiredSecret } from "~/utils/identity-schemas.server";
import { formatMoney } from "~/utils/money";
import { idempotencyKeyField, walletErrorMessage } from "~/utils/wallet.server";

/**
 * /pointMall's two forms, redeem goods and convert points
 * (passwordCheck/MCS2_redeemPointReward and MCS2_convertPoint): each parses
 * its body with zod, acts for the signed-in member only, and answers with a
 * redirect (POST → redirect → GET) or its form's errors on the field they
 * are about. The withdraw password never comes back into a form.
 */

export type PointMallIntent = "redeem" | "convert";
export type PointMallReply = { intent: PointMallIntent; result: SubmissionResult<string[]> };

const HIDDEN = ["withdrawPassword"];
/** At most this many of one item per redemption. */
export const REDEEM_QUANTITY_MAX = 99;

/** Which field a refusal is about; anything else is said above the button. */
const FIELD_OF_ERROR: Record<string, string> = {
  goods_out_of_stock: "quantity",
  points_insufficient: "quantity",
  amount_requirement_unmet: "quantity",
  points_below_minimum: "points",
  points_not_in_step: "points",
  withdraw_password_wrong: "withdrawPassword",
  withdraw_password_locked: "withdrawPassword",
  withdraw_password_unset: "withdrawPassword",
};

type Context = { t: TFunction; brand: BrandConfig; locale: string };

/** The mall's wording for its own refusals (`pointMall.error.*`), the wallet's for the rest. */
function refusalMessage(error: unknown, { t, brand, locale }: Context) {
  if (!(error instanceof PlatformError)) throw error;
  const details = { ...error.details } as Record<string, string>;
  if (details.required) details.required = formatMoney(details.required, brand.currency, locale);
  for (const count of ["left", "min", "step"])
    if (details[count]) details[count] = formatPoints(details[count], locale);
  return t(`pointMall.error.${error.code}`, {
    ...details,
    defaultValue: walletErrorMessage(error, t, brand, locale),
  });
}

const formKeyField = (t: TFunction) =>
  z.custom<string>(
    (value) => idempotencyKeyField.safeParse(value).success,
    t("pointMall.error.expired"),
  );

const redeemSchema = (t: TFunction) =>
  z.object({
    intent: z.literal("redeem"),
    itemId: z.string().regex(/^\d{1,18}$/),
    quantity: z.coerce
      .number({ error: t("pointMall.error.quantity", { max: REDEEM_QUANTITY_MAX }) })
      .int(t("pointMall.error.quantity", { max: REDEEM_QUANTITY_MAX }))
      .min(1, t("pointMall.error.quantity", { max: REDEEM_QUANTITY_MAX }))
      .max(REDEEM_QUANTITY_MAX, t("pointMall.error.quantity", { max: REDEEM_QUANTITY_MAX })),
    withdrawPassword: requiredSecret(t("pointMall.error.passwordRequired")),
    idempotencyKey: formKeyField(t),
  });

const convertSchema = (t: TFunction) =>
  z.object({
    intent: z.literal("convert"),
    points: z.string({ error: t("pointMall.error.pointsFormat") }).transform((text, ctx) => {
      // A failed check does not stop zod's transform: parse only what is a whole number.
      if (/^\d{1,12}$/.test(text.trim())) return BigInt(text.trim());
      ctx.addIssue({ code: "custom", message: t("pointMall.error.pointsFormat") });
      return z.NEVER;
    }),
    withdrawPassword: requiredSecret(t("pointMall.error.passwordRequired")),
    idempotencyKey: formKeyField(t),
  });

export async function pointMallAction(
  request: Request,
): Promise<TypedResponse<PointMallReply> | Response> {
  const formData = await readForm(request, { honeypot: true });
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t, locale] = await Promise.all([
    getBrandConfig(db),
    translatorFor(request),
    i18next.getLocale(request),
  ]);
  const ctx = { t, brand, locale };
  const memberId = viewer.member.id;
  const intent = formData.get("intent");
  if (intent !== "redeem" && intent !== "convert")
    throw json({ error: "unknown_intent" }, { status: 400 });
  const submission = parseSubmission(formData, {
    schema: intent === "redeem" ? redeemSchema(t) : convertSchema(t),
  });
  if (submission.status !== "success")
    return formFailure(submission.reply({ hideFields: HIDDEN }), { intent });
  const value = submission.value;
  try {
    if (value.intent === "redeem") {
      const redemption = await redeemGoods(db, {
        memberId,
        itemId: value.itemId,
        quantity: value.quantity,
        withdrawPassword: value.withdrawPassword,
        formKey: value.idempotencyKey,
      });
      return redirect(`/pointMall?area=records&done=${redemption.status}`);
    }
    await convertPoints(db, {
      memberId,
      points: value.points,
      withdrawPassword: value.withdrawPassword,
      formKey: value.idempotencyKey,
    });
    return redirect("/pointMall?area=details&done=converted");
  } catch (error) {
    const message = refusalMessage(error, ctx);
    const field = FIELD_OF_ERROR[(error as PlatformError).code];
    return formFailure(
      submission.reply({
        ...(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
        hideFields: HIDDEN,
      }),
      { intent },
    );
  }
}
