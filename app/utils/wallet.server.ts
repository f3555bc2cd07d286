import { randomBytes } from "node:crypto";
import * as z from "zod/v4";
import { PlatformError } from "~/platform/errors";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import type { TFunction } from "~/i18n";
import { formatMoney, parseMoneyInput } from "./money";

/**
 * The idempotency key a money form carries (hidden field `idempotencyKey`),
 * made when the form is rendered: a double submit, a retry or a reload of the
 * POST sends the same key, and the ledger answers it with the first result.
 */
export const IDEMPOTENCY_FIELD = "idempotencyKey";
export const newFormKey = () => randomBytes(18).toString("base64url");

export const idempotencyKeyField = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** An amount field: a plain decimal in the brand's currency, parsed to minor units (bigint) without floats. */
export function amountField(brand: Pick<BrandConfig, "currency">, t: TFunction) {
  return z
    .string({ error: t("walletError.amount_required") })
    .trim()
    .min(1, t("walletError.amount_required"))
    .transform((text, ctx) => {
      const minor = parseMoneyInput(text, brand.currency.minorUnits);
      if (minor === null || minor <= 0n) {
        ctx.addIssue({ code: "custom", message: t("walletError.amount_format") });
        return z.NEVER;
      }
      return minor;
    });
}

/**
 * A wallet failure as the member reads it: `walletError.<code>`, with money
 * limits (`min`, `max`, minor units) formatted in the brand's currency.
 * Anything that is not a PlatformError is a bug and is rethrown.
 */
export function walletErrorMessage(
  error: unknown,
  t: TFunction,
  brand: Pick<BrandConfig, "currency">,
  locale = "en",
): string {
  if (!(error instanceof PlatformError)) throw error;
  const details: Record<string, unknown> = { ...error.details };
  // Only amount limits are money; other limits (proofs, requests per day) are counts.
  if (error.code === "amount_out_of_range") {
    for (const name of ["min", "max"] as const) {
      const value = details[name];
      if (typeof value === "number" || typeof value === "string")
        details[name] = formatMoney(BigInt(value), brand.currency, locale);
    }
  }
  return t(`walletError.${error.code}`, { defaultValue: t("walletError.unknown"), ...details });
}
