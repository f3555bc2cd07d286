import { Form, Link } from "@remix-run/react";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { useStaffCan } from "~/components/ops/use-staff-can";
import { useTranslation } from "~/utils/i18n";

export interface OpsAnnouncementRow {
  id: number;
  type: string;
  execution: string;
  title: string;
  language: string | null;
  startsAt: string;
  state: "live" | "scheduled" | "unpublished";
  enabled: boolean;
}

/** One small form per change: each works without JavaScript and comes back to the list. */
function RowAction({ id, intent, label }: { id: number; intent: string; label: string }) {
  const can = useStaffCan("announcements.manage");
  // Offered only to a role that may use it (the action checks again).
  if (!can) return null;
  return (
    <Form method="post" className="inline-form">
      <HoneypotField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="button small" data-testid={`ops-announcement-${intent}`}>
        {label}
      </button>
    </Form>
  );
}

export function AnnouncementList({ announcements }: { announcements: OpsAnnouncementRow[] }) {
  const { t } = useTranslation();
  if (announcements.length === 0) return <p className="muted">{t("opsAnnouncements.empty")}</p>;
  return (
    <table className="records-table" data-testid="ops-announcements">
      <thead>
        <tr>
          <th scope="col">{t("opsAnnouncements.field.title")}</th>
          <th scope="col">{t("opsAnnouncements.field.type")}</th>
          <th scope="col">{t("opsAnnouncements.field.execution")}</th>
          <th scope="col">{t("opsAnnouncements.field.language")}</th>
          <th scope="col">{t("opsAnnouncements.field.startsAt")}</th>
          <th scope="col">{t("opsAnnouncements.state")}</th>
          <th scope="col">{t("opsAnnouncements.actions")}</th>
        </tr>
      </thead>
      <tbody>
        {announcements.map((row) => (
          <tr key={row.id} data-testid="ops-announcement-row" data-state={row.state}>
            <td>
              <Link to={`/ops/announcements/${row.id}`}>{row.title}</Link>
            </td>
            <td>{t(`opsAnnouncements.types.${row.type}`)}</td>
            <td>{t(`opsAnnouncements.executions.${row.execution}`)}</td>
            <td>{row.language ?? t("opsAnnouncements.allLanguages")}</td>
            <td>{row.startsAt}</td>
            <td>{t(`opsAnnouncements.states.${row.state}`)}</td>
            <td>
              <RowAction
                id={row.id}
                intent={row.enabled ? "unpublish" : "publish"}
                label={t(row.enabled ? "opsAnnouncements.unpublish" : "opsAnnouncements.publish")}
              />
              <RowAction id={row.id} intent="delete" label={t("opsAnnouncements.delete")} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
