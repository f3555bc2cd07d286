import type { LoaderFunctionArgs } from "@remix-run/node";
import { lossStatements } from "~/platform/agency/reports.server";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { agentContext, orNotFound } from "~/utils/agency.server";
import { csvMoney, csvResponse, CSV_ROW_LIMIT } from "~/utils/csv.server";
import { csvFileName, lossStatementFilters } from "./__reports.server";

/** /agentHome/loss-statements.csv: the user loss page's rows under the same filters, every page of them. */
async function loadResource({ request }: LoaderFunctionArgs) {
  const { agentId, db, brand, t } = await agentContext(request);
  const filters = lossStatementFilters(request, brand);
  const records = await orNotFound(
    lossStatements(db, agentId, { ...filters.query, page: 1, pageSize: CSV_ROW_LIMIT }),
  );
  const money = (minor: string) => csvMoney(minor, brand.currency.minorUnits);
  return csvResponse(
    csvFileName("loss-statements", filters.range),
    [
      t("agentReports.columns.account"),
      t("agentReports.columns.level"),
      t("agentReports.columns.bets"),
      t("records.columns.stake"),
      t("records.columns.validBet"),
      t("records.columns.payout"),
      t("records.columns.profitLoss"),
      t("records.columns.deposits"),
      t("records.columns.withdrawals"),
    ],
    records.rows.map((row) => [
      row.account,
      row.depth,
      row.bets,
      money(row.stake),
      money(row.validBet),
      money(row.payout),
      money(row.profitLoss),
      money(row.deposits),
      money(row.withdrawals),
    ]),
  );
}

export const loader = withResourceHeaders(loadResource);
