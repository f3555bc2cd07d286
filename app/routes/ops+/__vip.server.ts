import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import { REBATE_CATEGORIES } from "~/platform/rewards/vip-levels";
import { listVipLevels, saveVipLevel } from "~/platform/rewards/vip.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { readForm, parseSubmission } from "~/utils/form.server";
import { formatMoney, parseMoneyInput } from "~/utils/money";
import { parseRateInput } from "~/utils/rates";
import { opsRequest } from "./__ops-request.server";

/**
 * /ops/vip (ADR 16): the operator edits the VIP levels (names, thresholds,
 * upgrade bonus, withdraw limits, rebate rates) one level at a time:
 * ?level=<n> opens an existing level's form, or the next one's to add it.
 * Every save is audited by the platform.
 */

const PAGE = "/ops/vip";

/** The level the URL opens: an existing one, or the one above the highest (to add it). */
const levelParam = (value: string | null, top: number) => {
  const level = Number(value);
  return value !== null && /^\d{1,2}$/.test(value) && level <= top + 1 ? level : null;
};

export async function opsVipLoader(request: Request) {
  const { db, brand, t } = await opsRequest(request, "vip.view");
  const levels = await listVipLevels(db);
  const top = Math.max(-1, ...levels.map((level) => level.level));
  const url = new URL(request.url);
  const saved = levelParam(url.searchParams.get("saved"), top);
  return json({
    title: t("vipLevels.ops.title"),
    brandName: brand.name,
    rollingDays: brand.vip.rollingDays,
    currency: { symbol: brand.currency.symbol, minorUnits: brand.currency.minorUnits },
    levels,
    nextLevel: top + 1,
    editing: levelParam(url.searchParams.get("level"), top),
    saved,
  });
}

const money = (t: TFunction, brand: BrandConfig) =>
  z.string({ error: t("vipLevels.ops.error.money_format") }).transform((text, ctx) => {
    const minor = parseMoneyInput(text, brand.currency.minorUnits);
    if (minor === null) {
      ctx.addIssue({ code: "custom", message: t("vipLevels.ops.error.money_format") });
      return z.NEVER;
    }
    return minor;
  });

/** An empty optional field is the brand's default (null). */
const optional = <T extends z.ZodType>(field: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), field.optional());

function levelSchema(t: TFunction, brand: BrandConfig) {
  const name = z
    .string({ error: t("vipLevels.ops.error.name_required") })
    .trim()
    .min(1, t("vipLevels.ops.error.name_required"))
    .max(30, t("vipLevels.ops.error.name_required"));
  const rate = z
    .string()
    .optional()
    .transform((text, ctx) => {
      const rateBps = parseRateInput(text ?? "0");
      if (rateBps === null) {
        ctx.addIssue({ code: "custom", message: t("vipLevels.ops.error.rate_format") });
        return z.NEVER;
      }
      return rateBps;
    });
  return z.object({
    level: z.coerce.number().int().min(0).max(99),
    nameEn: name,
    nameUr: name,
    minDeposits: money(t, brand),
    minValidBets: money(t, brand),
    upgradeBonus: money(t, brand),
    withdrawDailyCount: optional(
      z.coerce
        .number({ error: t("vipLevels.ops.error.count_format") })
        .int(t("vipLevels.ops.error.count_format"))
        .min(1, t("vipLevels.ops.error.count_format"))
        .max(1000, t("vipLevels.ops.error.count_format")),
    ),
    withdrawMax: optional(
      money(t, brand).refine((minor) => minor > 0n, t("vipLevels.ops.error.money_format")),
    ),
    rates: z.object(Object.fromEntries(REBATE_CATEGORIES.map((category) => [category, rate]))),
  });
}

/** Which field a refused save belongs to; the rest are about the whole form. */
function fieldOf(error: PlatformError): string | undefined {
  const field = error.details.field;
  if (typeof field === "string") return field;
  return error.code === "vip_base_level" ? "minDeposits" : undefined;
}

/** A refused form: conform's result (a saved one redirects). */
export type OpsVipReply = { result: SubmissionResult<string[]> };

export async function opsVipAction(request: Request): Promise<TypedResponse<OpsVipReply>> {
  const formData = await readForm(request);
  const { db, brand, t, act } = await opsRequest(request, "vip.manage");
  const submission = parseSubmission(formData, { schema: levelSchema(t, brand) });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  try {
    await saveVipLevel(
      db,
      {
        level: value.level,
        names: { en: value.nameEn, ur: value.nameUr },
        minDeposits: value.minDeposits,
        minValidBets: value.minValidBets,
        upgradeBonus: value.upgradeBonus,
        withdrawDailyCount: value.withdrawDailyCount ?? null,
        withdrawMax: value.withdrawMax ?? null,
        rates: value.rates,
      },
      act,
    );
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const limit = error.details.min ?? error.details.max;
    const message = t(`vipLevels.ops.error.${error.code}`, {
      defaultValue: t("vipLevels.ops.error.unknown"),
      ...(typeof limit === "string"
        ? { [error.details.min ? "min" : "max"]: formatMoney(limit, brand.currency) }
        : {}),
    });
    const field = fieldOf(error);
    return json(
      {
        result: submission.reply(
          field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] },
        ),
      },
      { status: 400 },
    );
  }
  return redirect(`${PAGE}?saved=${value.level}`);
}
