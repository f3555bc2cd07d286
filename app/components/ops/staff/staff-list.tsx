import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";

export interface OpsStaffRow {
  memberId: string;
  account: string;
  nickname: string | null;
  role: string;
  disabled: boolean;
  enrolled: boolean;
  awaitingPassword: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

/** Where an account stands: disabled, waiting for its password, for its authenticator, or ready. */
export function staffState(row: Pick<OpsStaffRow, "disabled" | "enrolled" | "awaitingPassword">) {
  if (row.disabled) return "disabled";
  if (row.awaitingPassword) return "awaitingPassword";
  return row.enrolled ? "active" : "awaitingAuthenticator";
}

export function StaffList({ staff }: { staff: OpsStaffRow[] }) {
  const { t } = useTranslation();
  return (
    <table className="records-table" data-testid="ops-staff">
      <thead>
        <tr>
          <th scope="col">{t("staffOps.field.account")}</th>
          <th scope="col">{t("staffOps.field.nickname")}</th>
          <th scope="col">{t("staffOps.field.role")}</th>
          <th scope="col">{t("staffOps.field.state")}</th>
          <th scope="col">{t("staffOps.field.createdAt")}</th>
          <th scope="col">{t("staffOps.field.lastSignInAt")}</th>
        </tr>
      </thead>
      <tbody>
        {staff.map((row) => (
          <tr key={row.memberId} data-testid="ops-staff-row" data-account={row.account}>
            <td>
              <Link to={`/ops/staff/${row.memberId}`}>{row.account}</Link>
            </td>
            <td>{row.nickname ?? ""}</td>
            <td>{row.role}</td>
            <td data-testid="ops-staff-state">{t(`staffOps.states.${staffState(row)}`)}</td>
            <td>{row.createdAt}</td>
            <td>{row.lastSignInAt ?? t("staffOps.never")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
