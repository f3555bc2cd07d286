import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AccountFilter, ReportPage } from "~/components/agent/report-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FilterSelect } from "~/components/member/records/filter-select";
import { MoneyCell, RecordTable } from "~/components/member/records/record-table";
import { lossStatements } from "~/platform/agency/reports.server";
import { agentContext, orNotFound } from "~/utils/agency.server";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { RECORDS_PAGE_SIZE, recordsView } from "~/utils/records.server";
import { LOSS_LEVELS, lossStatementFilters } from "./__reports.server";

export const meta = titleMeta<typeof loader>();

/** /agentHome/loss-statements: each downline member's play and money over the days, biggest losers first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { agentId, db, brand, t } = await agentContext(request);
  const filters = lossStatementFilters(request, brand);
  const records = await orNotFound(
    lossStatements(db, agentId, {
      ...filters.query,
      page: filters.page,
      pageSize: RECORDS_PAGE_SIZE,
    }),
  );
  // The levels come with the data: the filter module is server-only.
  return json({
    ...recordsView(brand, t("agentReports.lossStatements"), filters.range),
    levels: LOSS_LEVELS,
    filter: filters.form,
    records,
  });
}

export default function LossStatements() {
  const { title, range, levels, filter, records, currency } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  // A member's bets over the same days, on team betting.
  const betsOf = (account: string) =>
    `/agentHome/team-betting?${new URLSearchParams({ from: range.from, to: range.to, account })}`;
  return (
    <ReportPage
      title={title}
      range={range}
      csvPath="/agentHome/loss-statements.csv"
      memberId={filter.memberId}
      filters={
        <>
          <AccountFilter value={filter.account} />
          <FilterSelect
            name="level"
            label={t("agentReports.filter.level")}
            value={filter.level}
            allLabel={t("agentReports.level.all")}
            options={levels
              .filter((value) => value !== "all")
              .map((value) => ({ value, label: t(`agentReports.level.${value}`) }))}
          />
        </>
      }
    >
      <RecordTable
        records={records}
        head={
          <>
            <th scope="col">{t("agentReports.columns.account")}</th>
            <th scope="col">{t("agentReports.columns.level")}</th>
            <th scope="col" className="amount">
              {t("agentReports.columns.bets")}
            </th>
            <th scope="col" className="amount">
              {t("records.columns.stake")}
            </th>
            <th scope="col" className="amount">
              {t("records.columns.validBet")}
            </th>
            <th scope="col" className="amount">
              {t("records.columns.payout")}
            </th>
            <th scope="col" className="amount">
              {t("records.columns.profitLoss")}
            </th>
            <th scope="col" className="amount">
              {t("records.columns.deposits")}
            </th>
            <th scope="col" className="amount">
              {t("records.columns.withdrawals")}
            </th>
          </>
        }
        foot={
          <tr>
            <th scope="row" colSpan={2}>
              {t("records.totals.total")}
            </th>
            <td className="amount" data-testid="total-bets">
              {records.totals.bets}
            </td>
            <MoneyCell minor={records.totals.stake} currency={currency} testId="total-stake" />
            <MoneyCell
              minor={records.totals.validBet}
              currency={currency}
              testId="total-validBet"
            />
            <MoneyCell minor={records.totals.payout} currency={currency} testId="total-payout" />
            <MoneyCell
              minor={records.totals.profitLoss}
              currency={currency}
              signed
              testId="total-profitLoss"
            />
            <MoneyCell
              minor={records.totals.deposits}
              currency={currency}
              testId="total-deposits"
            />
            <MoneyCell
              minor={records.totals.withdrawals}
              currency={currency}
              testId="total-withdrawals"
            />
          </tr>
        }
      >
        {records.rows.map((row) => (
          <tr key={row.memberId}>
            <td>
              <Link to={betsOf(row.account)}>{row.account}</Link>
            </td>
            <td>
              {row.depth === 1
                ? t("agentReports.level.direct")
                : t("agentReports.levelDepth", { depth: row.depth })}
            </td>
            <td className="amount">{row.bets}</td>
            <MoneyCell minor={row.stake} currency={currency} />
            <MoneyCell minor={row.validBet} currency={currency} />
            <MoneyCell minor={row.payout} currency={currency} />
            <MoneyCell minor={row.profitLoss} currency={currency} signed />
            <MoneyCell minor={row.deposits} currency={currency} />
            <MoneyCell minor={row.withdrawals} currency={currency} />
          </tr>
        ))}
      </RecordTable>
    </ReportPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
