import { json } from "@remix-run/node";
import * as z from "zod/v4";
import { searchAuditLog, type AuditSearch } from "~/platform/audit/audit-search.server";
import { AUDIT_EVENTS } from "~/platform/audit/audit.server";
import { parseDateRange } from "~/platform/calendar/date-range";
import { pageParam } from "~/utils/pagination";
import { optionalChoice } from "~/utils/records.server";
import { opsRequest } from "./__ops-request.server";

/**
 * The filters of /ops/audit, read the same way by the page and its CSV export
 * (same query string, same entries). A GET staff may type or bookmark: a value
 * that makes no sense is no filter, never a 400.
 */
export const AUDIT_PAGE_SIZE = 50;

const account = z.string().trim().max(64).optional().catch(undefined);
const auditFilters = z.object({
  from: z.string().optional().catch(undefined),
  to: z.string().optional().catch(undefined),
  staff: account,
  member: account,
  event: optionalChoice(AUDIT_EVENTS),
  page: z
    .string()
    .optional()
    .catch(undefined)
    .transform((page) => pageParam(page ?? null)),
});

/** The filters in the URL, the window in the brand's days, and the search they make. */
export function readAuditFilters(request: Request, timeZone: string) {
  const parsed = auditFilters.parse(Object.fromEntries(new URL(request.url).searchParams));
  const range = parseDateRange(parsed, timeZone);
  const search: AuditSearch = {
    from: range.fromStart,
    to: range.toEnd,
    staff: parsed.staff || null,
    member: parsed.member || null,
    event: parsed.event ?? null,
  };
  return { range, search, page: parsed.page };
}

export async function opsAuditLoader(request: Request) {
  const { db, brand, t, staff } = await opsRequest(request, "audit.view");
  const { range, search, page } = readAuditFilters(request, brand.timeZone);
  const found = await searchAuditLog(db, search, {
    offset: (page - 1) * AUDIT_PAGE_SIZE,
    limit: AUDIT_PAGE_SIZE,
  });
  return json({
    title: t("opsAudit.title"),
    brandName: brand.name,
    timeZone: brand.timeZone,
    range: { from: range.from, to: range.to, today: range.today },
    filters: { staff: search.staff, member: search.member, event: search.event },
    events: AUDIT_EVENTS as readonly string[],
    rows: found.rows,
    total: found.total,
    page,
    pageCount: Math.max(1, Math.ceil(found.total / AUDIT_PAGE_SIZE)),
    canExport: staff.permissions.has("audit.export"),
  });
}
