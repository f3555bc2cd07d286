import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { RoleForm } from "~/components/ops/staff/role-form";
import { StaffForm } from "~/components/ops/staff-form";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { opsRoleAction, opsRoleLoader } from "./__staff-roles.server";

export const meta = titleMeta<typeof loader>();

/** /ops/staff/roles/<id>: a role's permissions (see ./__staff-roles.server.ts). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return opsRoleLoader(request, params.roleId ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return opsRoleAction(request, params.roleId ?? "");
}

/** The role's page, new or existing alike. */
export function OpsRolePage() {
  const { title, role, areas, saved } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="member-card" aria-labelledby="ops-role-title">
      <p>
        <Link to="/ops/staff">{t("staffOps.back")}</Link>
      </p>
      <h1 id="ops-role-title">{title}</h1>
      <div aria-live="polite">
        {saved && !failed ? (
          <p className="form-success" role="status" data-testid="ops-role-done">
            {t(`staffOps.role.done.${saved}`)}
          </p>
        ) : null}
      </div>
      {role ? <p className="muted">{t("staffOps.role.held", { count: role.members })}</p> : null}
      <RoleForm
        name={role ? role.name : null}
        permissions={role?.permissions ?? []}
        areas={areas}
        result={failed?.result}
      />
      {role && role.name !== "admin" && role.members === 0 ? (
        <StaffForm
          permission="staff.manage"
          className="stack-form"
          data-testid="ops-role-delete-form"
        >
          <HoneypotField />
          <input type="hidden" name="intent" value="delete" />
          <p className="muted">{t("staffOps.role.deleteHint")}</p>
          <button type="submit" className="button" data-testid="ops-role-delete">
            {t("staffOps.role.delete")}
          </button>
        </StaffForm>
      ) : null}
    </section>
  );
}

export default OpsRolePage;

export const ErrorBoundary = GeneralErrorBoundary;
