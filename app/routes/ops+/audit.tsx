import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field } from "~/components/forms/field";
import { DateRangeFilter } from "~/components/member/records/date-range-filter";
import { FilterSelect } from "~/components/member/records/filter-select";
import { AuditTrail } from "~/components/ops/audit/audit-trail";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { opsAuditLoader } from "./__audit.server";

export const meta = titleMeta<typeof loader>();

/** /ops/audit: the audit trail, filtered by time, staff, event and member (see ./__audit.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return opsAuditLoader(request);
}

/** The same query string with another page (or none for the first). */
function withPage(search: string, page: number) {
  const params = new URLSearchParams(search);
  if (page > 1) params.set("page", String(page));
  else params.delete("page");
  const query = params.toString();
  return query ? `/ops/audit?${query}` : "/ops/audit";
}

export default function OpsAudit() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  const exportSearch = new URLSearchParams(location.search);
  exportSearch.delete("page");
  return (
    <section className="member-card ops-queue" aria-labelledby="ops-audit-title">
      <h1 id="ops-audit-title">{data.title}</h1>
      <DateRangeFilter range={data.range}>
        <Field
          name="staff"
          label={t("opsAudit.filter.staff")}
          defaultValue={data.filters.staff ?? ""}
          autoComplete="off"
          maxLength={64}
        />
        <FilterSelect
          name="event"
          label={t("opsAudit.filter.event")}
          value={data.filters.event ?? ""}
          allLabel={t("opsAudit.filter.allEvents")}
          options={data.events.map((event) => ({
            value: event,
            label: t(`opsAudit.events.${event}`, { defaultValue: event }),
          }))}
        />
        <Field
          name="member"
          label={t("opsAudit.filter.member")}
          defaultValue={data.filters.member ?? ""}
          autoComplete="off"
          maxLength={64}
        />
      </DateRangeFilter>
      <p className="muted" data-testid="ops-audit-count">
        {t("opsAudit.count", { count: data.total })}
        {data.canExport ? (
          <>
            {" "}
            <a
              className="button"
              href={`/ops/audit.csv?${exportSearch.toString()}`}
              download
              data-testid="ops-audit-export"
            >
              {t("opsAudit.export")}
            </a>
          </>
        ) : null}
      </p>
      <AuditTrail
        rows={data.rows}
        page={data.page}
        pageCount={data.pageCount}
        pageHref={(page) => withPage(location.search, page)}
        timeZone={data.timeZone}
      />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
