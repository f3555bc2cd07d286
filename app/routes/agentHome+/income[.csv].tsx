import type { LoaderFunctionArgs } from "@remix-run/node";
import { agentIncome } from "~/platform/agency/ledger-reports.server";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { agentContext } from "~/utils/agency.server";
import { csvMoney, csvResponse, CSV_ROW_LIMIT } from "~/utils/csv.server";
import { csvFileName, incomeFilters } from "./__reports.server";

const COLUMNS = [
  "dividend",
  "dailyWage",
  "hourlySalary",
  "realtimeSalary",
  "income",
  "transfersIn",
  "transfersOut",
  "net",
] as const;

/** /agentHome/income.csv: my income per day over the page's days. */
async function loadResource({ request }: LoaderFunctionArgs) {
  const { agentId, db, brand, t } = await agentContext(request);
  const filters = incomeFilters(request, brand);
  const records = await agentIncome(db, agentId, {
    ...filters.query,
    page: 1,
    pageSize: CSV_ROW_LIMIT,
  });
  return csvResponse(
    csvFileName("income", filters.range),
    [t("records.columns.day"), ...COLUMNS.map((column) => t(`agentReports.columns.${column}`))],
    records.rows.map((row) => [
      row.day,
      ...COLUMNS.map((column) => csvMoney(row[column], brand.currency.minorUnits)),
    ]),
  );
}

export const loader = withResourceHeaders(loadResource);
