import { RecordTable, TimeCell } from "~/components/member/records/record-table";
import { useTranslation } from "~/utils/i18n";
import { formatPoints } from "./format";

export interface RedemptionView {
  id: string;
  item: string;
  quantity: number;
  points: string;
  status: string;
  rejectReason: string | null;
  createdAt: string;
}

/** The member's redemptions with the four statuses (in process, rejected, approved, redeem complete). */
export function RedeemRecords({
  records,
  timeZone,
}: {
  records: { rows: RedemptionView[]; total: number; page: number; pageCount: number };
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <RecordTable
      records={records}
      head={
        <>
          <th scope="col">{t("pointMall.columns.time")}</th>
          <th scope="col">{t("pointMall.columns.name")}</th>
          <th scope="col" className="amount">
            {t("pointMall.columns.quantity")}
          </th>
          <th scope="col" className="amount">
            {t("pointMall.columns.points")}
          </th>
          <th scope="col">{t("pointMall.columns.status")}</th>
        </>
      }
      foot={null}
    >
      {records.rows.map((row) => (
        <tr key={row.id} data-testid="redemption-row">
          <TimeCell iso={row.createdAt} timeZone={timeZone} />
          <td>{row.item}</td>
          <td className="amount">{row.quantity}</td>
          <td className="amount">{formatPoints(row.points, i18n.language)}</td>
          <td>
            <span className={`status-chip status-${row.status}`}>
              {t(`pointMall.status.${row.status}`)}
            </span>
            {row.rejectReason ? <span className="muted"> {row.rejectReason}</span> : null}
          </td>
        </tr>
      ))}
    </RecordTable>
  );
}
