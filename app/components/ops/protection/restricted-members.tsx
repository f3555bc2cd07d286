import type { BreakRowView } from "~/components/protection-break/types";
import { useTranslation } from "~/utils/i18n";
import { AuditTrail, type TrailEntryView } from "./audit-trail";

export interface RestrictedMemberView extends BreakRowView {
  account: string;
  trail: TrailEntryView[];
}

/** Members on a break now, each with the audit trail of their breaks (times in the brand's zone). */
export function RestrictedMembers({ rows }: { rows: RestrictedMemberView[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="muted">{t("protectionBreak.ops.none")}</p>;
  return (
    <table className="records-table" data-testid="ops-protection-rows">
      <thead>
        <tr>
          <th scope="col">{t("protectionBreak.ops.member")}</th>
          <th scope="col">{t("protectionBreak.state.kind")}</th>
          <th scope="col">{t("protectionBreak.state.from")}</th>
          <th scope="col">{t("protectionBreak.state.until")}</th>
          <th scope="col">{t("protectionBreak.state.by")}</th>
          <th scope="col">{t("protectionBreak.ops.trail")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-testid={`ops-protection-${row.account}`}>
            <td>{row.account}</td>
            <td>{t(`protectionBreak.kind.${row.kind}`)}</td>
            <td>{row.startsAt}</td>
            <td>{row.endsAt}</td>
            <td>{t(`protectionBreak.source.${row.source}`)}</td>
            <td>
              <AuditTrail entries={row.trail} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
