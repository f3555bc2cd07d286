import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BetFilters } from "~/components/member/records/bet-filters";
import { BetRecordTable } from "~/components/member/records/bet-record-table";
import { DateRangeFilter } from "~/components/member/records/date-range-filter";
import { CATEGORIES } from "~/platform/catalog/categories";
import { BET_STATUSES, bettingRecords, bettingVendors } from "~/platform/wallet/records.server";
import { vendorDisplayNames } from "~/platform/wallet/vendor-names.server";
import { requireRealMember } from "~/utils/auth.server";
import { titleMeta } from "~/utils/meta";
import {
  optionalChoice,
  optionalCode,
  readRecordFilters,
  RECORDS_PAGE_SIZE,
  recordsContext,
  recordsView,
} from "~/utils/records.server";

export const meta = titleMeta<typeof loader>();

/** /member/betting-record: the member's bets by days, game category, vendor and status. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const { db, brand, t } = await recordsContext(request);
  const filters = readRecordFilters(request, brand, {
    category: optionalChoice(CATEGORIES),
    vendor: optionalCode,
    status: optionalChoice(BET_STATUSES),
  });
  // The vendors offered are the ones the member has bets with.
  const vendors = await bettingVendors(db, viewer.member.id);
  // Members know vendors by their display names (as on the vendor tiles), not by vassalage codes.
  const vendorNames = await vendorDisplayNames(db, vendors);
  const records = await bettingRecords(db, viewer.member.id, {
    window: filters.window,
    category: filters.category,
    vassalage: filters.vendor,
    status: filters.status,
    page: filters.page,
    pageSize: RECORDS_PAGE_SIZE,
  });
  return json({
    ...recordsView(brand, t("memberCentre.bettingRecord"), filters.range),
    vendors,
    vendorNames,
    statuses: BET_STATUSES,
    filter: {
      category: filters.category ?? "",
      vendor: filters.vendor ?? "",
      status: filters.status ?? "",
    },
    records,
  });
}

export default function BettingRecord() {
  const { title, range, vendors, vendorNames, statuses, filter, records, currency, timeZone } =
    useLoaderData<typeof loader>();
  return (
    <div className="records-page">
      <h1>{title}</h1>
      <DateRangeFilter range={range}>
        <BetFilters
          filter={filter}
          vendors={vendors}
          vendorNames={vendorNames}
          statuses={statuses}
        />
      </DateRangeFilter>
      <BetRecordTable
        records={records}
        vendorNames={vendorNames}
        currency={currency}
        timeZone={timeZone}
      />
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
