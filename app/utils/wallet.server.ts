import { randomBytes } from "node:crypto";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { formatMoney, parseMoneyInput } from "./money";

/**
 * The idempotency key a money form carries (hidden field `idempotencyKey`),
 * made when the form is rendered: a double submit, a retry or a reload of the
 * POST sends the same key, and the ledger answers it with the first result.
 */
export const IDEMPOTENCY_FIELD = "idempotencyKey";
export const newFormKey = () => randomBytes(18).toString("base64url");

export const idempotencyKeyField = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/**
 * The transfer to the upline, the same form on the member's page and the agent centre's team
 * page. Money leaves the account, so it asks for the withdraw password.
 */
export const uplineTransferSchema = (brand: Pick<BrandConfig, "currency">, t: TFunction) =>
  z.object({
    amount: amountField(brand, t),
    withdrawPassword: z
      .string({ error: t("withdraw.validation.passwordRequired") })
      .min(1, t("withdraw.validation.passwordRequired")),
    idempotencyKey: idempotencyKeyField,
  });

/** Which field of a money form a refused withdraw password belongs to. */
export const WITHDRAW_PASSWORD_ERRORS: Record<string, string> = {
  withdraw_password_wrong: "withdrawPassword",
  withdraw_password_locked: "withdrawPassword",
  withdraw_password_unset: "withdrawPassword",
};

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

/** Details that are money (minor units), per code: shown in the brand's currency. */
const MONEY_DETAILS: Partial<Record<string, readonly string[]>> = {
  amount_out_of_range: ["min", "max"],
  // The rewards platform's refusals of a bet or a withdrawal (ADR 15).
  bonus_max_bet: ["max"],
  bonus_forfeit_required: ["amount"],
  // Player protection limits (ADR 20): what may still go in.
  deposit_limit: ["allowed"],
  deposit_limit_over: ["allowed"],
  loss_limit: ["allowed"],
  wager_limit: ["allowed"],
};

/**
 * A wallet failure as the member reads it: `walletError.<code>`, else
 * `rewards.error.<code>` when the rewards platform refused it (a bet above a
 * bonus's max bet, a withdrawal with an unfinished bonus), with the details
 * that are money formatted in the brand's currency. Anything that is not a
 * PlatformError is a bug and is rethrown.
 */
export function walletErrorMessage(
  error: unknown,
  t: TFunction,
  brand: Pick<BrandConfig, "currency"> & { timeZone?: string },
  locale = "en",
): string {
  if (!(error instanceof PlatformError)) throw error;
  const details: Record<string, unknown> = { ...error.details };
  // Only these limits are money; other limits (proofs, requests per day) are counts.
  for (const name of MONEY_DETAILS[error.code] ?? []) {
    const value = details[name];
    if (typeof value === "number" || typeof value === "string")
      details[name] = formatMoney(BigInt(value), brand.currency, locale);
  }
  if (typeof details.freesAt === "string")
    details.freesAt = new Date(details.freesAt).toLocaleString(locale, {
      dateStyle: "medium",
      timeStyle: "short",
      ...(brand.timeZone ? { timeZone: brand.timeZone } : {}),
    });
  if (typeof details.period === "string") details.period = t(`protection.period.${details.period}`);
  // The wallet's own wording first: a few codes (proof images) are the rewards platform's too.
  // Then the rewards' and player protection's (limits, reality checks, the session limit).
  const prefixes = [
    "walletError",
    "rewards.error",
    "protection.error",
    "realityCheck.error",
    "ageCheck.error",
  ];
  return prefixes.reduceRight(
    (fallback, prefix) => t(`${prefix}.${error.code}`, { ...details, defaultValue: fallback }),
    t("walletError.unknown"),
  );
}
