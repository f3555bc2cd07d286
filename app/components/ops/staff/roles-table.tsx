import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";

export interface OpsRoleRow {
  id: string;
  name: string;
  /** How many permissions it has. */
  permissions: number;
  members: number;
}

export function RolesTable({ roles }: { roles: OpsRoleRow[] }) {
  const { t } = useTranslation();
  return (
    <table className="records-table" data-testid="ops-roles">
      <thead>
        <tr>
          <th scope="col">{t("staffOps.field.role")}</th>
          <th scope="col">{t("staffOps.field.permissions")}</th>
          <th scope="col">{t("staffOps.field.members")}</th>
        </tr>
      </thead>
      <tbody>
        {roles.map((role) => (
          <tr key={role.id} data-testid="ops-role-row" data-role={role.name}>
            <td>
              <Link to={`/ops/staff/roles/${role.id}`}>{role.name}</Link>
            </td>
            <td>{role.permissions}</td>
            <td>{role.members}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
