import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DateRangeFilter } from "~/components/member/records/date-range-filter";
import { FilterSelect } from "~/components/member/records/filter-select";
import { MoneyCell, RecordTable, TimeCell } from "~/components/member/records/record-table";
import {
  TRANSACTION_TYPES,
  transactionHistory,
  type TransactionType,
} from "~/platform/wallet/records.server";
import { requireRealMember } from "~/utils/auth.server";
import { useTranslation } from "~/utils/i18n";
import {
  optionalChoice,
  readRecordFilters,
  RECORDS_PAGE_SIZE,
  recordsContext,
  recordsView,
} from "~/utils/records.server";
import { titleMeta } from "~/utils/meta";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta = titleMeta<typeof loader>();

/** DESIGN §4 transactionHistory: every movement on the member's wallets, filtered by days and type. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const { db, brand, t } = await recordsContext(request);
  const types = Object.keys(TRANSACTION_TYPES) as [TransactionType, ...TransactionType[]];
  const filters = readRecordFilters(request, brand, { type: optionalChoice(types) });
  const records = await transactionHistory(db, viewer.member.id, {
    window: filters.window,
    type: filters.type,
    page: filters.page,
    pageSize: RECORDS_PAGE_SIZE,
  });
  return json({
    ...recordsView(brand, t("memberCentre.transactions"), filters.range),
    types,
    type: filters.type ?? "",
    records,
  });
}

export default function TransactionHistory() {
  const { title, range, types, type, records, currency, timeZone } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const wallet = (name: string) => (name === "MAIN" ? t("records.mainWallet") : name);
  return (
    <div className="records-page">
      <h1>{title}</h1>
      <DateRangeFilter range={range}>
        <FilterSelect
          name="type"
          label={t("records.filter.type")}
          value={type}
          allLabel={t("records.filter.all")}
          options={types.map((value) => ({ value, label: t(`records.types.${value}`) }))}
        />
      </DateRangeFilter>
      <RecordTable
        records={records}
        head={
          <>
            <th scope="col">{t("records.columns.time")}</th>
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
              <th scope="row" colSpan={3}>
                {t("records.totals.in")}
              </th>
              <MoneyCell minor={records.totals.in} currency={currency} testId="total-in" />
              <td />
            </tr>
            <tr>
              <th scope="row" colSpan={3}>
                {t("records.totals.out")}
              </th>
              <MoneyCell minor={records.totals.out} currency={currency} testId="total-out" />
              <td />
            </tr>
            <tr>
              <th scope="row" colSpan={3}>
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
            <td>{t(`records.kinds.${row.kind}`, { defaultValue: row.kind })}</td>
            <td>{wallet(row.wallet)}</td>
            <MoneyCell minor={row.amount} currency={currency} signed />
            <MoneyCell minor={row.balanceAfter} currency={currency} />
          </tr>
        ))}
      </RecordTable>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
