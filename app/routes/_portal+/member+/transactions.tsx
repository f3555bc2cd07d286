import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DateRangeFilter } from "~/components/member/records/date-range-filter";
import { FilterSelect } from "~/components/member/records/filter-select";
import { TransactionTable } from "~/components/member/records/transaction-table";
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

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · ${data.brandName}` : "" },
];

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
      <TransactionTable records={records} currency={currency} timeZone={timeZone} />
    </div>
  );
}
