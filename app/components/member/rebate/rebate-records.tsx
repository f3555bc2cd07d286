import { DateRangeFilter } from "~/components/member/records/date-range-filter";
import { MoneyCell, RecordTable, TimeCell } from "~/components/member/records/record-table";
import type { DayRange } from "~/platform/calendar/date-range";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";

export interface RebateRecordsView {
  rows: {
    id: string;
    claimedAt: string;
    level: number;
    windowStart: string | null;
    cutOff: string;
    validBet: string;
    amount: string;
  }[];
  page: number;
  pageCount: number;
  total: number;
  totals: { amount: string; validBet: string };
}

/** The member's claims in the chosen window, newest first, with the window's totals. */
export function RebateRecords({
  range,
  records,
  currency,
  timeZone,
}: {
  range: DayRange & { today: string };
  records: RebateRecordsView;
  currency: { symbol: string; minorUnits: number };
  timeZone: string;
}) {
  const { t } = useTranslation();
  const at = (iso: string) => formatTimestamp(iso, timeZone);
  return (
    <section aria-labelledby="rebate-records-title" data-testid="rebate-records">
      <h2 id="rebate-records-title">{t("rebate.recordsTitle")}</h2>
      <DateRangeFilter range={range} />
      <RecordTable
        records={records}
        head={
          <>
            <th scope="col">{t("rebate.records.time")}</th>
            <th scope="col">{t("rebate.records.level")}</th>
            <th scope="col">{t("rebate.records.window")}</th>
            <th scope="col" className="amount">
              {t("rebate.records.validBet")}
            </th>
            <th scope="col" className="amount">
              {t("rebate.records.amount")}
            </th>
          </>
        }
        foot={
          <tr>
            <th scope="row" colSpan={3}>
              {t("records.totals.total")}
            </th>
            <MoneyCell minor={records.totals.validBet} currency={currency} />
            <MoneyCell
              minor={records.totals.amount}
              currency={currency}
              testId="rebate-records-total"
            />
          </tr>
        }
      >
        {records.rows.map((row) => (
          <tr key={row.id}>
            <TimeCell iso={row.claimedAt} timeZone={timeZone} />
            <td>{row.level}</td>
            <td>
              {row.windowStart
                ? t("rebate.records.windowRange", { from: at(row.windowStart), to: at(row.cutOff) })
                : t("rebate.records.windowUpTo", { to: at(row.cutOff) })}
            </td>
            <MoneyCell minor={row.validBet} currency={currency} />
            <MoneyCell minor={row.amount} currency={currency} />
          </tr>
        ))}
      </RecordTable>
    </section>
  );
}
