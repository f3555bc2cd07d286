import { Pager } from "~/components/ui/pager";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";

/** One audit entry as /ops/audit shows it (the platform's AuditEntry, as JSON). */
export interface AuditEntryView {
  id: string;
  at: string;
  event: string;
  staffAccount: string | null;
  staffRole: string | null;
  memberAccount: string | null;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  detail: Record<string, unknown>;
  chainSeq: string | null;
}

/** A stored value as one line of text: JSON for anything but a plain string. */
const shown = (value: unknown) =>
  value === undefined ? "—" : typeof value === "string" ? value : JSON.stringify(value);

/** An edit's fields, each with its value before and after (the fields both sides name, once). */
function Changes({
  before,
  after,
}: {
  before: AuditEntryView["before"];
  after: AuditEntryView["after"];
}) {
  const { t } = useTranslation();
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (fields.length === 0) return null;
  return (
    <table className="audit-changes" data-testid="audit-changes">
      <thead>
        <tr>
          <th scope="col">{t("opsAudit.changes.field")}</th>
          <th scope="col">{t("opsAudit.changes.before")}</th>
          <th scope="col">{t("opsAudit.changes.after")}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field}>
            <th scope="row">{field}</th>
            <td dir="auto">{shown(before?.[field])}</td>
            <td dir="auto">{shown(after?.[field])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The audit entries of a page, newest first, with who, what, on whom, from where, and the edit. */
export function AuditTrail({
  rows,
  page,
  pageCount,
  pageHref,
  timeZone,
}: {
  rows: AuditEntryView[];
  page: number;
  pageCount: number;
  pageHref: (page: number) => string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  if (rows.length === 0)
    return (
      <p className="empty-state" data-testid="ops-audit-empty">
        {t("opsAudit.empty")}
      </p>
    );
  return (
    <>
      <div className="table-scroll">
        <table className="data-table audit-trail" data-testid="ops-audit">
          <thead>
            <tr>
              <th scope="col">{t("opsAudit.columns.at")}</th>
              <th scope="col">{t("opsAudit.columns.staff")}</th>
              <th scope="col">{t("opsAudit.columns.event")}</th>
              <th scope="col">{t("opsAudit.columns.target")}</th>
              <th scope="col">{t("opsAudit.columns.member")}</th>
              <th scope="col">{t("opsAudit.columns.origin")}</th>
              <th scope="col">{t("opsAudit.columns.details")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const detail = Object.keys(row.detail).length > 0 ? row.detail : null;
              return (
                <tr key={row.id} data-testid="ops-audit-entry" data-event={row.event}>
                  <td>{formatTimestamp(row.at, timeZone)}</td>
                  <td data-testid="ops-audit-staff">
                    {row.staffAccount ? (
                      <>
                        {row.staffAccount}
                        <br />
                        <span className="muted">{row.staffRole}</span>
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td data-testid="ops-audit-event">
                    {t(`opsAudit.events.${row.event}`, { defaultValue: row.event })}
                  </td>
                  <td data-testid="ops-audit-target">
                    {row.targetType
                      ? t("opsAudit.target", {
                          type: t(`opsAudit.targets.${row.targetType}`, {
                            defaultValue: row.targetType,
                          }),
                          id: row.targetId,
                        })
                      : "—"}
                  </td>
                  <td data-testid="ops-audit-member">{row.memberAccount ?? "—"}</td>
                  <td dir="ltr">
                    {row.ip ?? "—"}
                    {row.requestId ? (
                      <>
                        <br />
                        <span className="muted" title={t("opsAudit.requestId")}>
                          {row.requestId}
                        </span>
                      </>
                    ) : null}
                  </td>
                  <td>
                    {row.before || row.after || detail ? (
                      <details>
                        <summary>{t("opsAudit.show")}</summary>
                        <Changes before={row.before} after={row.after} />
                        {detail ? (
                          <pre className="audit-detail" dir="ltr">
                            {JSON.stringify(detail, null, 1)}
                          </pre>
                        ) : null}
                        {row.userAgent ? <p className="muted">{row.userAgent}</p> : null}
                        <p className="muted">
                          {row.chainSeq
                            ? t("opsAudit.sealed", { seq: row.chainSeq })
                            : t("opsAudit.unsealed")}
                        </p>
                      </details>
                    ) : (
                      "—"
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager pageNum={page} totalPages={pageCount} pageHref={pageHref} />
    </>
  );
}
