import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  BetAmountCells,
  BetAmountHeads,
  BetTotalsRow,
} from "~/components/member/records/bet-columns";
import { BetFilters } from "~/components/member/records/bet-filters";
import { DateRangeFilter } from "~/components/member/records/date-range-filter";
import { RecordTable, TimeCell } from "~/components/member/records/record-table";
import { CATEGORIES } from "~/platform/catalog/categories";
import { BET_STATUSES, bettingRecords, bettingVendors } from "~/platform/wallet/records.server";
import { vendorDisplayNames } from "~/platform/wallet/vendor-names.server";
import { requireRealMember } from "~/utils/auth.server";
import { useTranslation } from "~/utils/i18n";
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
  const { t } = useTranslation();
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
      <RecordTable
        records={records}
        head={
          <>
            <th scope="col">{t("records.columns.time")}</th>
            <th scope="col">{t("records.columns.vendor")}</th>
            <th scope="col">{t("records.columns.game")}</th>
            <th scope="col">{t("records.columns.round")}</th>
            <BetAmountHeads />
          </>
        }
        foot={<BetTotalsRow totals={records.totals} currency={currency} leading={4} />}
      >
        {records.rows.map((row) => (
          <tr key={row.id}>
            <TimeCell iso={row.placedAt} timeZone={timeZone} />
            <td>{vendorNames[row.vassalage] ?? row.vassalage}</td>
            <td>
              {row.gameName}{" "}
              <span className="muted">
                {t(`category.${row.category}`, { defaultValue: row.category })}
              </span>
            </td>
            <td>{row.roundId}</td>
            <BetAmountCells row={row} currency={currency} />
          </tr>
        ))}
      </RecordTable>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
