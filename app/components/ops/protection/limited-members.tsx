import { useTranslation } from "~/utils/i18n";
import { AuditTrail, type TrailEntryView } from "./audit-trail";

export interface LimitRowView {
  id: string;
  account: string;
  kind: string;
  period: string;
  amount: string | null;
  pending: { amount: string | null; since: string; confirmableFrom: string } | null;
  trail: TrailEntryView[];
}

/** Members' limits in force, a waiting raise or removal and when it may be confirmed, with the trail. */
export function LimitedMembers({ rows }: { rows: LimitRowView[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="muted">{t("protectionOps.limits.none")}</p>;
  return (
    <div className="table-scroll">
      <table className="records-table" data-testid="ops-limit-rows">
        <caption className="visually-hidden">{t("protectionOps.views.limits")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("protectionBreak.ops.member")}</th>
            <th scope="col">{t("protection.limits.kind")}</th>
            <th scope="col">{t("protection.limits.period")}</th>
            <th scope="col">{t("protection.limits.amount")}</th>
            <th scope="col">{t("protectionOps.limits.pending")}</th>
            <th scope="col">{t("protectionBreak.ops.trail")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid={`ops-limit-${row.account}-${row.kind}-${row.period}`}>
              <td>{row.account}</td>
              <td>{t(`protection.kind.${row.kind}`)}</td>
              <td>{t(`protection.period.${row.period}`)}</td>
              <td className="amount">{row.amount ?? "—"}</td>
              <td>
                {row.pending
                  ? t(
                      row.pending.amount
                        ? "protectionOps.limits.pendingRaise"
                        : "protectionOps.limits.pendingRemoval",
                      {
                        amount: row.pending.amount,
                        since: row.pending.since,
                        from: row.pending.confirmableFrom,
                      },
                    )
                  : "—"}
              </td>
              <td>
                <AuditTrail entries={row.trail} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
