import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccountFilter, ReportPage } from "~/components/agent/report-page";
import { FilterSelect } from "~/components/member/records/filter-select";
import { MoneyCell, RecordTable, TimeCell } from "~/components/member/records/record-table";
import { teamTransactions } from "~/platform/agency/ledger-reports.server";
import { agentContext, orNotFound } from "~/utils/agency.server";
import { TRANSACTION_TYPE_KEYS, transactionFilters } from "./__reports.server";
import { useTranslation } from "~/utils/i18n";
import { RECORDS_PAGE_SIZE, recordsView } from "~/utils/records.server";
import { titleMeta } from "~/utils/meta";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta = titleMeta<typeof loader>();

/** DESIGN §4 agentDownlineTransactionDetailsCopy: every movement on the downline's wallets, by days, account and type. */
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
  const wallet = (name: string) => (name === "MAIN" ? t("records.mainWallet") : name);
  return (
    <ReportPage
      title={title}
      range={range}
      csvPath="/agentHome/transactions.csv"
      memberId={filter.memberId}
      filters={
        <>
          <AccountFilter value={filter.account} />
          <FilterSelect
            name="type"
            label={t("records.filter.type")}
            value={filter.type}
            allLabel={t("records.filter.all")}
            options={types.map((value) => ({ value, label: t(`records.types.${value}`) }))}
          />
        </>
      }
    >
      <RecordTable
        records={records}
        head={
          <>
            <th scope="col">{t("records.columns.time")}</th>
            <th scope="col">{t("agentReports.columns.account")}</th>
            <th scope="col">{t("records.columns.type")}</th>
            <th scope="col">{t("records.columns.wallet")}</th>
            <th scope="col" className="amount">
              {t("records.columns.amount")}
            </th>
            <th scope="col" className="amount">
              {t("records.columns.balanceAfter")}
            </th>
          </>
        }
        foot={
          <>
            <tr>
              <th scope="row" colSpan={4}>
                {t("records.totals.in")}
              </th>
              <MoneyCell minor={records.totals.in} currency={currency} testId="total-in" />
              <td />
            </tr>
            <tr>
              <th scope="row" colSpan={4}>
                {t("records.totals.out")}
              </th>
              <MoneyCell minor={records.totals.out} currency={currency} testId="total-out" />
              <td />
            </tr>
            <tr>
              <th scope="row" colSpan={4}>
                {t("records.totals.net")}
              </th>
              <MoneyCell minor={records.totals.net} currency={currency} signed testId="total-net" />
              <td />
            </tr>
          </>
        }
      >
        {records.rows.map((row) => (
          <tr key={row.id}>
            <TimeCell iso={row.createdAt} timeZone={timeZone} />
            <td>{row.account}</td>
            <td>
              {t(`records.kinds.${row.kind}`, { defaultValue: row.kind })}
              {row.title ? <span className="muted"> {row.title}</span> : null}
            </td>
            <td>{wallet(row.wallet)}</td>
            <MoneyCell minor={row.amount} currency={currency} signed />
            <MoneyCell minor={row.balanceAfter} currency={currency} />
          </tr>
        ))}
      </RecordTable>
    </ReportPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
