// Shared by design: the contract terms form of the agent centre's offer and the operator's house grant.
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import type { ContractKind, ContractPeriod } from "~/platform/db/schema";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { parseMoneyInput } from "./money";
import { parseRateInput } from "./rates";

export const CONTRACT_PERIODS = ["D", "W", "H", "M"] as const satisfies readonly ContractPeriod[];

/** A rate typed as percent with up to two decimals, as basis points. */
function rateField(t: TFunction) {
  return z.string({ error: t("agentContracts.error.rate_required") }).transform((text, ctx) => {
    const rate = parseRateInput(text);
    if (rate === null) {
      ctx.addIssue({ code: "custom", message: t("agentContracts.error.rate_format") });
      return z.NEVER;
    }
    return rate;
  });
}

/** A money threshold in the brand's currency as minor units; empty means none (0). */
function moneyField(brand: BrandConfig, t: TFunction) {
  return z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return 0;
      const minor = parseMoneyInput(text, brand.currency.minorUnits);
      if (minor === null || minor > BigInt(Number.MAX_SAFE_INTEGER)) {
        ctx.addIssue({ code: "custom", message: t("agentContracts.error.amount_format") });
        return z.NEVER;
      }
      return Number(minor);
    });
}

function countField(t: TFunction) {
  return z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return 0;
      if (!/^\d{1,7}$/.test(text.trim()) || Number(text) > 1_000_000) {
        ctx.addIssue({ code: "custom", message: t("agentContracts.error.count_format") });
        return z.NEVER;
      }
      return Number(text);
    });
}

/** The form fields of a kind's terms, named as the terms are. */
export function termsShape(kind: ContractKind, brand: BrandConfig, t: TFunction) {
  switch (kind) {
    case "DIVIDEND":
      return {
        period: z.enum(CONTRACT_PERIODS, { error: t("agentContracts.error.period_required") }),
        minValidBet: moneyField(brand, t),
        minProfitLoss: moneyField(brand, t),
        minActiveMembers: countField(t),
        rate: rateField(t),
      };
    case "DAILY":
    case "HOURLY":
      return { minValidBet: moneyField(brand, t), rate: rateField(t) };
    case "REALTIME":
      return {
        profitRate: rateField(t),
        lossRate: rateField(t),
        minSingleBet: moneyField(brand, t),
      };
  }
}

/** The field names of a kind's offer form, for the lower-rate confirmation that re-posts them. */
