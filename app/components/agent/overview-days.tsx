import { MoneyCell } from "~/components/member/records/record-table";
import type { TeamDay } from "~/platform/agency/overview-types";
import { useTranslation } from "~/utils/i18n";

type Currency = { symbol: string; minorUnits: number };

/** The chart's numbers as a table (newest day first), for reading exact figures and for assistive technology. */
export function OverviewDays({ days, currency }: { days: TeamDay[]; currency: Currency }) {
  const { t } = useTranslation();
  const newestFirst = [...days].reverse();
  return (
    <div className="table-scroll">
      <table className="data-table" data-testid="overview-days">
        <caption>{t("agentCentre.overview.perDay")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("agentCentre.overview.day")}</th>
            <th scope="col" className="amount">
              {t("agentCentre.overview.betCount")}
            </th>
            <th scope="col" className="amount">
              {t("agentCentre.chart.validBet")}
            </th>
            <th scope="col" className="amount">
              {t("agentCentre.chart.profitLoss")}
            </th>
          </tr>
        </thead>
        <tbody>
          {newestFirst.map((day) => (
            <tr key={day.day}>
              <th scope="row">{day.day}</th>
              <td className="amount">{day.betCount}</td>
              <MoneyCell minor={day.validBet} currency={currency} />
              <MoneyCell minor={day.profitLoss} currency={currency} signed />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
