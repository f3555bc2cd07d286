import { useTranslation } from "~/utils/i18n";

export interface TrailEntryView {
  id: string;
  at: string;
  event: string;
  detail: string;
}

/** The audit trail of one member's changes, folded away under a summary (times in the brand's zone). */
export function AuditTrail({ entries }: { entries: TrailEntryView[] }) {
  const { t } = useTranslation();
  return (
    <details>
      <summary>{t("protectionBreak.ops.trail")}</summary>
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <time>{entry.at}</time> {entry.event} <code>{entry.detail}</code>
          </li>
        ))}
      </ul>
    </details>
  );
}
