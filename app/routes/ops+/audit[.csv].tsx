import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchAuditLog } from "~/platform/audit/audit-search.server";
import { audit } from "~/platform/audit/audit.server";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { CSV_ROW_LIMIT, csvResponse } from "~/utils/csv.server";
import { readAuditFilters } from "./__audit.server";
import { opsRequest } from "./__ops-request.server";

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

/**
 * /ops/audit.csv: the entries the page's filters find (same query string), every page at once.
 * A download of the trail is itself an entry in it: who took which part, when.
 */
async function loadResource({ request }: LoaderFunctionArgs) {
  const { db, brand, t, act } = await opsRequest(request, "audit.export");
  const { range, search } = readAuditFilters(request, brand.timeZone);
  const found = await searchAuditLog(db, search, { offset: 0, limit: CSV_ROW_LIMIT });
  await audit(db, "audit_exported", act.context, {
    detail: {
      from: range.from,
      to: range.to,
      staff: search.staff,
      member: search.member,
      event: search.event,
      rows: found.rows.length,
    },
  });
  const header = [
    t("opsAudit.columns.at"),
    t("opsAudit.columns.staff"),
    t("opsAudit.csv.role"),
    t("opsAudit.columns.event"),
    t("opsAudit.csv.targetType"),
    t("opsAudit.csv.targetId"),
    t("opsAudit.columns.member"),
    t("opsAudit.csv.ip"),
    t("opsAudit.csv.userAgent"),
    t("opsAudit.requestId"),
    t("opsAudit.changes.before"),
    t("opsAudit.changes.after"),
    t("opsAudit.csv.detail"),
    t("opsAudit.csv.chainSeq"),
  ];
  const rows = found.rows.map((row) => [
    formatTimestamp(row.at, brand.timeZone),
    row.staffAccount,
    row.staffRole,
    row.event,
    row.targetType,
    row.targetId,
    row.memberAccount,
    row.ip,
    row.userAgent,
    row.requestId,
    json(row.before),
    json(row.after),
    json(row.detail),
    row.chainSeq,
  ]);
  return csvResponse(`audit-${range.from}-${range.to}.csv`, header, rows);
}

export const loader = withResourceHeaders(loadResource);
