import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Field } from "~/components/forms/field";
import { DateRangeFilter } from "~/components/member/records/date-range-filter";
import { useTranslation } from "~/utils/i18n";

/**
 * An agent centre report page: its title, the GET filter form with the
 * date presets (the member records' filter, so it works without JS), the
 * CSV download of exactly this filter (a plain link with the page's query
 * string), and the report's table.
 */
export function ReportPage({
  title,
  range,
  csvPath,
  memberId,
  filters,
  children,
}: {
  title: string;
  range: { from: string; to: string; today: string };
  /** The page's CSV resource route, e.g. /agentHome/team-betting.csv. */
  csvPath: string;
  /** A downline member the page was opened for (from team management): kept when the filters change. */
  memberId?: string;
  filters?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const csvSearch = new URLSearchParams(location.search);
  // Every row of the filter, whatever page is shown.
  csvSearch.delete("page");
  const query = csvSearch.toString();
  return (
    <div className="records-page agent-report">
      <h1>{title}</h1>
      <DateRangeFilter range={range}>
        {memberId ? <input type="hidden" name="memberId" value={memberId} /> : null}
        {filters}
      </DateRangeFilter>
      <p className="agent-report-actions">
        <a
          className="button"
          href={`${csvPath}${query ? `?${query}` : ""}`}
          download
          data-testid="report-csv"
        >
          {t("agentReports.csv")}
        </a>
      </p>
      {children}
    </div>
  );
}

/** The account filter: one downline member, by the exact account (any letter case). */
export function AccountFilter({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <Field
      type="search"
      name="account"
      label={t("agentReports.filter.account")}
      defaultValue={value}
      maxLength={64}
      autoComplete="off"
      spellCheck={false}
    />
  );
}
