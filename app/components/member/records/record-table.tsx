import type { ReactNode } from "react";
import { Pager, useSamePageHref } from "~/components/ui/pager";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";

type Currency = { symbol: string; minorUnits: number };

/**
 * A record page's table: the count, the rows of this page, the totals of
 * the whole filter in the footer, and the pager (links that keep the
 * filters). No rows: the empty state instead.
 */
export function RecordTable({
  records,
  head,
  foot,
  children,
}: {
  records: { total: number; page: number; pageCount: number };
  head: ReactNode;
  foot: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const pageHref = useSamePageHref();
  if (records.total === 0) {
    return (
      <p className="empty-state" data-testid="records-empty">
        {t("records.empty")}
      </p>
    );
  }
  return (
    <>
      <p className="muted" data-testid="records-count">
        {t("records.count", { count: records.total })}
      </p>
      <div className="table-scroll">
        <table className="data-table" data-testid="records-table">
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>{children}</tbody>
          <tfoot>{foot}</tfoot>
        </table>
      </div>
      <Pager pageNum={records.page} totalPages={records.pageCount} pageHref={pageHref} />
    </>
  );
}

/** An amount cell; `signed` colours money in and out. */
export function MoneyCell({
  minor,
  currency,
  signed = false,
  testId,
}: {
  minor: string;
  currency: Currency;
  signed?: boolean;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  const value = BigInt(minor);
  const tone = !signed || value === 0n ? "" : value > 0n ? " amount-positive" : " amount-negative";
  return (
    <td className={`amount${tone}`} data-testid={testId}>
      {formatMoney(value, currency, i18n.language)}
    </td>
  );
}

/** Timestamps: yyyy-MM-dd HH:mm:ss in the brand's time zone. */
export function TimeCell({ iso, timeZone }: { iso: string; timeZone: string }) {
  return (
    <td>
      <time dateTime={iso}>{formatTimestamp(iso, timeZone)}</time>
    </td>
  );
}
