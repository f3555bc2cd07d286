// Shared by design: the member's limits page and the operator's /ops/protection parse a limit the same way.
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import { LIMIT_KINDS, LIMIT_PERIODS, MAX_LIMIT_MINOR } from "~/platform/protection/limits-rules";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { formatMoney, parseMoneyInput } from "./money";

/** Which limit: its kind and period. */
export const limitKey = (t: TFunction) => ({
  kind: z.enum(LIMIT_KINDS, { error: t("protection.error.kind") }),
  period: z.enum(LIMIT_PERIODS, { error: t("protection.error.period") }),
});

/** A typed amount in minor units: positive, at most two decimals (the currency's), at most the cap. */
export const limitAmount = (brand: BrandConfig, t: TFunction) =>
  z
    .string({ error: t("protection.error.amount_required") })
    .trim()
    .min(1, t("protection.error.amount_required"))
    .transform((text, ctx) => {
      const minor = parseMoneyInput(text, brand.currency.minorUnits);
      const fail = (message: string) => {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      };
      if (minor === null) return fail(t("protection.error.amount_format"));
      if (minor === 0n) return fail(t("protection.error.amount_zero"));
      if (minor > MAX_LIMIT_MINOR)
        return fail(
          t("protection.error.amount_too_large", {
            max: formatMoney(MAX_LIMIT_MINOR, brand.currency),
          }),
        );
      return minor;
    });
