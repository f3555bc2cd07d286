import type { LoaderFunctionArgs } from "@remix-run/node";
import { entryLabel, walletLabel } from "~/components/member/records/entry-label";
import { teamTransactions } from "~/platform/agency/ledger-reports.server";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { agentContext, orNotFound } from "~/utils/agency.server";
import { csvMoney, csvResponse, CSV_ROW_LIMIT } from "~/utils/csv.server";
import { csvFileName, transactionFilters } from "./__reports.server";

/** /agentHome/transactions.csv: the account details page's rows under the same filters, every page of them. */
async function loadResource({ request }: LoaderFunctionArgs) {
  const { agentId, db, brand, t } = await agentContext(request);
  const filters = transactionFilters(request, brand);
  const records = await orNotFound(
    teamTransactions(db, agentId, { ...filters.query, page: 1, pageSize: CSV_ROW_LIMIT }),
  );
  const money = (minor: string) => csvMoney(minor, brand.currency.minorUnits);
  return csvResponse(
    csvFileName("transactions", filters.range),
    [
      t("records.columns.time"),
      t("agentReports.columns.account"),
      t("records.columns.type"),
      t("records.columns.wallet"),
      t("records.columns.amount"),
      t("records.columns.balanceAfter"),
    ],
    records.rows.map((row) => [
      formatTimestamp(row.createdAt, brand.timeZone),
      row.account,
      entryLabel(t, row),
      walletLabel(t, row.wallet),
      money(row.amount),
      money(row.balanceAfter),
    ]),
  );
}

export const loader = withResourceHeaders(loadResource);
