import { useTranslation } from "~/utils/i18n";
import { AuditTrail, type TrailEntryView } from "./audit-trail";

export interface RealityRowView {
  id: string;
  account: string;
  intervalMinutes: number;
  sessionLimitMinutes: number | null;
  updatedAt: string;
  trail: TrailEntryView[];
}

/** Members with a session time limit or their own reminder interval, with the trail of their choices. */
export function RealitySettings({ rows }: { rows: RealityRowView[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="muted">{t("protectionOps.reality.none")}</p>;
  const minutes = (count: number | null) =>
    count ? t("protectionOps.reality.minutes", { count }) : t("protectionOps.reality.off");
  return (
    <div className="table-scroll">
      <table className="records-table" data-testid="ops-reality-rows">
        <caption className="visually-hidden">{t("protectionOps.views.reality")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("protectionBreak.ops.member")}</th>
            <th scope="col">{t("protectionOps.reality.interval")}</th>
            <th scope="col">{t("protectionOps.reality.sessionLimit")}</th>
            <th scope="col">{t("protectionOps.reality.updated")}</th>
            <th scope="col">{t("protectionBreak.ops.trail")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid={`ops-reality-${row.account}`}>
              <td>{row.account}</td>
              <td>{minutes(row.intervalMinutes)}</td>
              <td>{minutes(row.sessionLimitMinutes)}</td>
              <td>{row.updatedAt}</td>
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
