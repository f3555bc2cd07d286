import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DateRangeFilter } from "~/components/member/records/date-range-filter";
import { MoneyCell, RecordTable } from "~/components/member/records/record-table";
import { profitLoss, type ProfitLossFigures } from "~/platform/wallet/records.server";
import { requireRealMember } from "~/utils/auth.server";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import {
  readRecordFilters,
  RECORDS_PAGE_SIZE,
  recordsContext,
  recordsView,
} from "~/utils/records.server";

export const meta = titleMeta<typeof loader>();

/** /member/profit-loss: the member's figures per day of the brand's time zone, and the window's totals. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const { db, brand, t } = await recordsContext(request);
  const filters = readRecordFilters(request, brand, {});
  const records = await profitLoss(db, viewer.member.id, {
    window: filters.window,
    timeZone: brand.timeZone,
    page: filters.page,
    pageSize: RECORDS_PAGE_SIZE,
  });
  return json({ ...recordsView(brand, t("memberCentre.profitLoss"), filters.range), records });
}

/** The columns after the day, in order; profit/loss is signed. */
const FIGURES: ReadonlyArray<keyof ProfitLossFigures> = [
  "deposits",
  "withdrawals",
  "stakes",
  "validBets",
  "payouts",
  "bonuses",
  "profitLoss",
];

export default function ProfitLoss() {
  const { title, range, records, currency } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const cells = (figures: ProfitLossFigures, testIds = false) =>
    FIGURES.map((name) => (
      <MoneyCell
        key={name}
        minor={figures[name]}
        currency={currency}
        signed={name === "profitLoss"}
        testId={testIds ? `total-${name}` : undefined}
      />
    ));
  return (
    <div className="records-page">
      <h1>{title}</h1>
      <DateRangeFilter range={range} />
      <RecordTable
        records={records}
        head={
          <>
            <th scope="col">{t("records.columns.day")}</th>
            {FIGURES.map((name) => (
              <th key={name} scope="col" className="amount">
                {t(`records.columns.${name}`)}
              </th>
            ))}
          </>
        }
        foot={
          <tr>
            <th scope="row">{t("records.totals.total")}</th>
            {cells(records.totals, true)}
          </tr>
        }
      >
        {records.rows.map((row) => (
          <tr key={row.day}>
            <td>{row.day}</td>
            {cells(row)}
          </tr>
        ))}
      </RecordTable>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
