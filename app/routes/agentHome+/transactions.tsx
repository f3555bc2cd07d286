import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccountFilter, ReportPage } from "~/components/agent/report-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  TransactionTable,
  TransactionTypeFilter,
} from "~/components/member/records/transaction-table";
import { teamTransactions } from "~/platform/agency/ledger-reports.server";
import { agentContext, orNotFound } from "~/utils/agency.server";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { RECORDS_PAGE_SIZE, recordsView } from "~/utils/records.server";
import { TRANSACTION_TYPE_KEYS, transactionFilters } from "./__reports.server";

export const meta = titleMeta<typeof loader>();

/** /agentHome/transactions: every movement on the downline's wallets, by days, account and type. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { agentId, db, brand, t } = await agentContext(request);
  const filters = transactionFilters(request, brand);
  const records = await orNotFound(
    teamTransactions(db, agentId, {
      ...filters.query,
      page: filters.page,
      pageSize: RECORDS_PAGE_SIZE,
    }),
  );
  return json({
    ...recordsView(brand, t("agentReports.transactions"), filters.range),
    types: TRANSACTION_TYPE_KEYS,
    filter: filters.form,
    records,
  });
}

export default function AccountDetails() {
  const { title, range, types, filter, records, currency, timeZone } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <ReportPage
      title={title}
      range={range}
      csvPath="/agentHome/transactions.csv"
      memberId={filter.memberId}
      filters={
        <>
          <AccountFilter value={filter.account} />
          <TransactionTypeFilter value={filter.type} types={types} />
        </>
      }
    >
      <TransactionTable
        records={records}
        currency={currency}
        timeZone={timeZone}
        columns={[{ head: t("agentReports.columns.account"), cell: (row) => row.account }]}
        titles
      />
    </ReportPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
