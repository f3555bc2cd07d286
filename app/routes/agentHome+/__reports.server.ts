import * as z from "zod/v4";
import { CATEGORIES } from "~/platform/catalog/categories";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import {
  BET_STATUSES,
  TRANSACTION_TYPES,
  type TransactionType,
} from "~/platform/wallet/records.server";
import { optionalChoice, optionalCode, readRecordFilters } from "~/utils/records.server";

/**
 * The filters of the agent centre's report pages, read from the URL: one
 * place per page, shared by the page's loader and its CSV export so the
 * download holds exactly the rows the page filters. As on the member's
 * record pages, a value that makes no sense is no filter (never a 400); a
 * member id, though, is checked inside the agent's downline by the platform
 * (a foreign or malformed one is a 404).
 */

/** One downline member by account: any text; an account that is not in the downline simply matches nothing. */
const account = z.string().trim().min(1).max(64).optional().catch(undefined);
/** One downline member by id (a link from team management); checked by the platform. */
const memberId = z.string().min(1).optional().catch(undefined);

export const TRANSACTION_TYPE_KEYS = Object.keys(TRANSACTION_TYPES) as [
  TransactionType,
  ...TransactionType[],
];
export const LOSS_LEVELS = ["direct", "all"] as const;

type Brand = Pick<BrandConfig, "timeZone">;

/** Team betting: account, category, vendor, status. */
export function teamBettingFilters(request: Request, brand: Brand) {
  const filters = readRecordFilters(request, brand, {
    account,
    memberId,
    category: optionalChoice(CATEGORIES),
    vendor: optionalCode,
    status: optionalChoice(BET_STATUSES),
  });
  return {
    range: filters.range,
    page: filters.page,
    form: {
      memberId: filters.memberId ?? "",
      account: filters.account ?? "",
      category: filters.category ?? "",
      vendor: filters.vendor ?? "",
      status: filters.status ?? "",
    },
    query: {
      window: filters.window,
      account: filters.account,
      memberId: filters.memberId,
      category: filters.category,
      vassalage: filters.vendor,
      status: filters.status,
    },
  };
}

/** User loss: account, level (direct downlines or all, the default). */
export function lossStatementFilters(request: Request, brand: Brand) {
  const filters = readRecordFilters(request, brand, {
    account,
    memberId,
    level: optionalChoice(LOSS_LEVELS),
  });
  return {
    range: filters.range,
    page: filters.page,
    form: {
      memberId: filters.memberId ?? "",
      account: filters.account ?? "",
      level: filters.level ?? "",
    },
    query: {
      window: filters.window,
      account: filters.account,
      memberId: filters.memberId,
      direct: filters.level === "direct",
    },
  };
}

/** My income: the window only (the agent's own money). */
export function incomeFilters(request: Request, brand: Brand) {
  const filters = readRecordFilters(request, brand, {});
  return {
    range: filters.range,
    page: filters.page,
    form: {},
    query: { window: filters.window, timeZone: brand.timeZone },
  };
}

/** Account details: account and transaction type (grouped as on the member's transactions page). */
export function transactionFilters(request: Request, brand: Brand) {
  const filters = readRecordFilters(request, brand, {
    account,
    memberId,
    type: optionalChoice(TRANSACTION_TYPE_KEYS),
  });
  return {
    range: filters.range,
    page: filters.page,
    form: {
      memberId: filters.memberId ?? "",
      account: filters.account ?? "",
      type: filters.type ?? "",
    },
    query: {
      window: filters.window,
      account: filters.account,
      memberId: filters.memberId,
      type: filters.type,
    },
  };
}

/** The CSV's file name: the report and its days. */
export const csvFileName = (report: string, range: { from: string; to: string }) =>
  `${report}-${range.from}-${range.to}.csv`;
