import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DateRangeFilter } from "~/components/member/records/date-range-filter";
import { entryLabel, walletLabel } from "~/components/member/records/entry-label";
import { MoneyCell, RecordTable, TimeCell } from "~/components/member/records/record-table";
import { promotionNames } from "~/platform/rewards/promotion-names.server";
import { bonusDetails } from "~/platform/wallet/records.server";
import { requireRealMember } from "~/utils/auth.server";
import { useTranslation } from "~/utils/i18n";
import { i18next } from "~/utils/i18next.server";
import { rewardCentreHref } from "~/utils/lobby-links";
import { titleMeta } from "~/utils/meta";
import {
  readRecordFilters,
  RECORDS_PAGE_SIZE,
  recordsContext,
  recordsView,
} from "~/utils/records.server";

export const meta = titleMeta<typeof loader>();

/**
 * /member/bonus: bonuses, rebates and salaries credited to the
 * member, and a locked bonus's release or forfeit (ADR 15), each titled by its
 * promotion in the reader's language (one query for the page's promotions).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const { db, brand, t } = await recordsContext(request);
  const filters = readRecordFilters(request, brand, {});
  const [records, language] = await Promise.all([
    bonusDetails(db, viewer.member.id, {
      window: filters.window,
      page: filters.page,
      pageSize: RECORDS_PAGE_SIZE,
    }),
    i18next.getLocale(request),
  ]);
  const promotions = await promotionNames(
    db,
    records.rows.map((row) => row.promotionId),
    { language, fallbackLanguage: brand.defaultLanguage },
  );
  const rows = records.rows.map((row) => ({
    ...row,
    promotion: row.promotionId ? (promotions[row.promotionId] ?? null) : null,
  }));
  return json({
    ...recordsView(brand, t("memberCentre.bonus"), filters.range),
    records: { ...records, rows },
  });
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
            <th scope="col">{t("records.columns.type")}</th>
            <th scope="col">{t("records.columns.title")}</th>
            <th scope="col">{t("records.columns.wallet")}</th>
            <th scope="col" className="amount">
              {t("records.columns.amount")}
            </th>
          </>
        }
        foot={
          <tr>
            <th scope="row" colSpan={4}>
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
            <td>{entryLabel(t, row)}</td>
            <td>
              {row.promotion ? (
                <Link to={rewardCentreHref(row.promotion.code)}>{row.promotion.title}</Link>
              ) : (
                // A promotion gone since, or a bonus from elsewhere: what the entry was named when paid.
                (row.title ?? "")
              )}
            </td>
            <td>{walletLabel(t, row.wallet)}</td>
            <MoneyCell minor={row.amount} currency={currency} signed />
          </tr>
        ))}
      </RecordTable>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
