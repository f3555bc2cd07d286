import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReportPage } from "~/components/agent/report-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MoneyCell, RecordTable } from "~/components/member/records/record-table";
import { agentIncome, type IncomeFigures } from "~/platform/agency/ledger-reports.server";
import { agentContext } from "~/utils/agency.server";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { RECORDS_PAGE_SIZE, recordsView } from "~/utils/records.server";
import { incomeFilters } from "./__reports.server";

export const meta = titleMeta<typeof loader>();

/** The columns of my income, in order: settlements by kind, then transfers with the downline. */
const COLUMNS = [
  "dividend",
  "dailyWage",
  "hourlySalary",
  "realtimeSalary",
  "income",
  "transfersIn",
  "transfersOut",
  "net",
] as const satisfies ReadonlyArray<keyof IncomeFigures>;

/** /agentHome/income: the agent's own income per day — dividends, wages, salaries — and transfers with the downline. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { agentId, db, brand, t } = await agentContext(request);
  const filters = incomeFilters(request, brand);
  const records = await agentIncome(db, agentId, {
    ...filters.query,
    page: filters.page,
    pageSize: RECORDS_PAGE_SIZE,
  });
  return json({ ...recordsView(brand, t("agentReports.income"), filters.range), records });
}

export default function Income() {
  const { title, range, records, currency } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <ReportPage title={title} range={range} csvPath="/agentHome/income.csv">
      <RecordTable
        records={records}
        head={
          <>
            <th scope="col">{t("records.columns.day")}</th>
            {COLUMNS.map((column) => (
              <th scope="col" className="amount" key={column}>
                {t(`agentReports.columns.${column}`)}
              </th>
            ))}
          </>
        }
        foot={
          <tr>
            <th scope="row">{t("records.totals.total")}</th>
            {COLUMNS.map((column) => (
              <MoneyCell
                key={column}
                minor={records.totals[column]}
                currency={currency}
                signed={column === "net"}
                testId={`total-${column}`}
              />
            ))}
          </tr>
        }
      >
        {records.rows.map((row) => (
          <tr key={row.day}>
            <td>
              <time dateTime={row.day}>{row.day}</time>
            </td>
            {COLUMNS.map((column) => (
              <MoneyCell
                key={column}
                minor={row[column]}
                currency={currency}
                signed={column === "net"}
              />
            ))}
          </tr>
        ))}
      </RecordTable>
    </ReportPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
