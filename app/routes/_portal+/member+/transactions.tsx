import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DateRangeFilter } from "~/components/member/records/date-range-filter";
import {
  TransactionTable,
  TransactionTypeFilter,
} from "~/components/member/records/transaction-table";
import {
  TRANSACTION_TYPES,
  transactionHistory,
  type TransactionType,
} from "~/platform/wallet/records.server";
import { requireRealMember } from "~/utils/auth.server";
import { titleMeta } from "~/utils/meta";
import {
  optionalChoice,
  readRecordFilters,
  RECORDS_PAGE_SIZE,
  recordsContext,
  recordsView,
} from "~/utils/records.server";

export const meta = titleMeta<typeof loader>();

/** /member/transactions: every movement on the member's wallets, filtered by days and type. */
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
  return (
    <div className="records-page">
      <h1>{title}</h1>
      <DateRangeFilter range={range}>
        <TransactionTypeFilter value={type} types={types} />
      </DateRangeFilter>
      <TransactionTable records={records} currency={currency} timeZone={timeZone} />
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
