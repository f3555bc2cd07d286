import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OverviewDays } from "~/components/agent/overview-days";
import { OverviewAccount, OverviewPeriod } from "~/components/agent/overview-figures";
import { TeamChart } from "~/components/agent/team-chart";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DateRangeFilter } from "~/components/member/records/date-range-filter";
import { teamOverview } from "~/platform/agency/overview.server";
import { agentContext } from "~/utils/agency.server";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { readRecordFilters, recordsView } from "~/utils/records.server";

export const meta = titleMeta<typeof loader>();

/**
 * The team overview (/agentHome): the agent's account and the
 * team's figures for a period of whole days (?from=&to=, or a preset), with a
 * chart per day. Everything is scoped to the session's agent's downline.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { agentId, db, brand, t } = await agentContext(request);
  const filters = readRecordFilters(request, brand, {});
  const overview = await teamOverview(db, agentId, filters.window, brand.timeZone);
  return json({
    ...recordsView(brand, t("agentCentre.overview.title"), filters.range),
    ...overview,
  });
}

export default function AgentTeamOverview() {
  const { title, range, currency, agent, totals, days } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="records-page agent-overview">
      <h1>{title}</h1>
      <OverviewAccount agent={agent} totals={totals} currency={currency} />
      <DateRangeFilter range={range} />
      <OverviewPeriod totals={totals} currency={currency} from={range.from} to={range.to} />
      <section className="member-card" aria-labelledby="overview-chart-title">
        <h2 id="overview-chart-title">{t("agentCentre.chart.heading")}</h2>
        <TeamChart
          days={days}
          currency={currency}
          title={t("agentCentre.chart.title", { from: range.from, to: range.to })}
        />
        <OverviewDays days={days} currency={currency} />
      </section>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
