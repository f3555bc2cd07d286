import { useTranslation } from "~/utils/i18n";
import { BreakColumns } from "./break-columns";
import type { BreakRowView } from "./types";

/** The member's current state and past breaks (times already in the brand's time zone). */
export function BreakHistory({ rows }: { rows: BreakRowView[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p data-testid="break-state">{t("protectionBreak.state.none")}</p>;
  return (
    <table className="records-table" data-testid="break-state">
      <caption>{t("protectionBreak.state.history")}</caption>
      <thead>
        <tr>
          <BreakColumns />
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>{t(`protectionBreak.kind.${row.kind}`)}</td>
            <td>{row.startsAt}</td>
            <td>{row.endsAt}</td>
            <td>{t(`protectionBreak.source.${row.source}`)}</td>
            <td>{row.reopenRequestedAt ?? "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
