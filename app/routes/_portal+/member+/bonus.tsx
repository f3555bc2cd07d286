import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DateRangeFilter } from "~/components/member/records/date-range-filter";
import { MoneyCell, RecordTable, TimeCell } from "~/components/member/records/record-table";
import { bonusDetails } from "~/platform/wallet/records.server";
import { requireRealMember } from "~/utils/auth.server";
import { useTranslation } from "~/utils/i18n";
import {
  readRecordFilters,
  RECORDS_PAGE_SIZE,
  recordsContext,
  recordsView,
} from "~/utils/records.server";
import { titleMeta } from "~/utils/meta";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta = titleMeta<typeof loader>();

/** DESIGN §4 bonusDetails: bonuses, rebates and salaries credited to the member. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const { db, brand, t } = await recordsContext(request);
  const filters = readRecordFilters(request, brand, {});
  const records = await bonusDetails(db, viewer.member.id, {
    window: filters.window,
    page: filters.page,
    pageSize: RECORDS_PAGE_SIZE,
  });
  return json({ ...recordsView(brand, t("memberCentre.bonus"), filters.range), records });
}

export default function BonusDetails() {
  const { title, range, records, currency, timeZone } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="records-page">
      <h1>{title}</h1>
      <DateRangeFilter range={range} />
      <RecordTable
        records={records}
        head={
          <>
            <th scope="col">{t("records.columns.time")}</th>
            <th scope="col">{t("records.columns.title")}</th>
            <th scope="col">{t("records.columns.wallet")}</th>
            <th scope="col" className="amount">
              {t("records.columns.amount")}
            </th>
          </>
        }
        foot={
          <tr>
            <th scope="row" colSpan={3}>
              {t("records.totals.total")}
            </th>
            <MoneyCell
              minor={records.totals.amount}
              currency={currency}
              signed
              testId="total-amount"
            />
          </tr>
        }
      >
        {records.rows.map((row) => (
          <tr key={row.id}>
            <TimeCell iso={row.createdAt} timeZone={timeZone} />
            <td>{row.title ?? t("records.kinds.bonus")}</td>
            <td>{row.wallet === "MAIN" ? t("records.mainWallet") : row.wallet}</td>
            <MoneyCell minor={row.amount} currency={currency} signed />
          </tr>
        ))}
      </RecordTable>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
