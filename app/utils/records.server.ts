import * as z from "zod/v4";
import { parseDateRange, type DateRange } from "~/platform/calendar/date-range";
import { getDb } from "~/platform/start.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { translatorFor } from "~/utils/i18next.server";
import { pageParam } from "./pagination";

/**
 * What the member centre's record pages share in their loaders: the brand,
 * the translator, and the filters read from the URL. A record page is a GET
 * a member may type or bookmark, so a filter value that makes no sense is
 * dropped (the page shows everything), never a 400.
 */

export const RECORDS_PAGE_SIZE = 20;

export async function recordsContext(request: Request) {
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  return { db, brand, t };
}

/** An optional choice among `values`: anything else is no filter. */
export const optionalChoice = <const Values extends readonly [string, ...string[]]>(
  values: Values,
) => z.enum(values).optional().catch(undefined);

/** An optional code such as a vendor's vassalage; anything else is no filter. */
export const optionalCode = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/)
  .optional()
  .catch(undefined);

const baseFilters = {
  from: z.string().optional().catch(undefined),
  to: z.string().optional().catch(undefined),
  page: z
    .string()
    .optional()
    .catch(undefined)
    .transform((page) => pageParam(page ?? null)),
};

/** The date window (whole days in the brand's time zone), the page, and the page's own filters. */
export function readRecordFilters<Extra extends z.ZodRawShape>(
  request: Request,
  brand: Pick<BrandConfig, "timeZone">,
  extra: Extra,
) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const own = z.object(extra).parse(params);
  const { from, to, page } = z.object(baseFilters).parse(params);
  const range = parseDateRange({ from, to }, brand.timeZone);
  return { ...own, page, range, window: { from: range.fromStart, to: range.toEnd } };
}

/** What every record page's component needs besides its rows. */
export function recordsView(brand: BrandConfig, title: string, range: DateRange) {
  return {
    title,
    brandName: brand.name,
    currency: brand.currency,
    timeZone: brand.timeZone,
    range: { from: range.from, to: range.to, today: range.today },
  };
}
