import { DateRangeFilter } from "~/components/member/records/date-range-filter";
import { RecordTable, TimeCell } from "~/components/member/records/record-table";
import type { DayRange } from "~/platform/calendar/date-range";
import type { PointsLine } from "~/platform/rewards/points/points-line";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { formatPoints } from "./format";
import type { Currency } from "./types";

/**
 * The points details (time, type, changed points, points balance,
 * remark), filtered by the records pages' date window and paged by their pager.
 */
export function PointsDetails({
  range,
  records,
  currency,
  timeZone,
}: {
  range: DayRange & { today: string };
  records: { rows: PointsLine[]; total: number; page: number; pageCount: number };
  currency: Currency;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const remark = (line: PointsLine) => {
    if (line.kind === "points_returned")
      return t("pointMall.remark.returned", { item: line.remark.item });
    if (line.remark.item)
      return t("pointMall.remark.redeemed", {
        item: line.remark.item,
        quantity: line.remark.quantity ?? "1",
      });
    if (line.remark.cash)
      return t("pointMall.remark.converted", {
        cash: formatMoney(line.remark.cash, currency, i18n.language),
      });
    if (line.remark.bets) return t("pointMall.remark.bets", { count: Number(line.remark.bets) });
    return "";
  };
  return (
    <>
      <DateRangeFilter range={range}>
        <input type="hidden" name="area" value="details" />
      </DateRangeFilter>
      <RecordTable
        records={records}
        head={
          <>
            <th scope="col">{t("pointMall.columns.time")}</th>
            <th scope="col">{t("pointMall.columns.type")}</th>
            <th scope="col" className="amount">
              {t("pointMall.columns.changed")}
            </th>
            <th scope="col" className="amount">
              {t("pointMall.columns.balance")}
            </th>
            <th scope="col">{t("pointMall.columns.remark")}</th>
          </>
        }
        foot={null}
      >
        {records.rows.map((line) => (
          <tr key={line.id}>
            <TimeCell iso={line.createdAt} timeZone={timeZone} />
            <td>{t(`pointMall.type.${line.source}`, { defaultValue: line.source })}</td>
            <td
              className={`amount ${BigInt(line.points) < 0n ? "amount-negative" : "amount-positive"}`}
            >
              {BigInt(line.points) > 0n ? "+" : ""}
              {formatPoints(line.points, i18n.language)}
            </td>
            <td className="amount">{formatPoints(line.balanceAfter, i18n.language)}</td>
            <td>{remark(line)}</td>
          </tr>
        ))}
      </RecordTable>
    </>
  );
}
