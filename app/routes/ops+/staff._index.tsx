import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CreateStaffForm } from "~/components/ops/staff/create-staff-form";
import { RolesTable } from "~/components/ops/staff/roles-table";
import { SetupLinkNotice } from "~/components/ops/staff/setup-link-notice";
import { StaffList } from "~/components/ops/staff/staff-list";
import { useStaffCan } from "~/components/ops/use-staff-can";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { opsStaffAction, opsStaffLoader } from "./__staff.server";

export const meta = titleMeta<typeof loader>();

/** /ops/staff: the staff, their roles, and a new account (see ./__staff.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return opsStaffLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return opsStaffAction(request);
}

export default function OpsStaff() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  const canManage = useStaffCan("staff.manage");
  const created = reply && "created" in reply ? reply.created : null;
  return (
    <section className="member-card ops-queue" aria-labelledby="ops-staff-title">
      <h1 id="ops-staff-title">{data.title}</h1>
      <div aria-live="polite">
        {created ? (
          <SetupLinkNotice {...created} heading={t("staffOps.create.done", created)} />
        ) : null}
        {data.roleDeleted && !reply ? (
          <p className="form-success" role="status" data-testid="ops-role-deleted">
            {t("staffOps.role.deleted", { name: data.roleDeleted })}
          </p>
        ) : null}
      </div>
      <StaffList staff={data.staff} />
      <CreateStaffForm
        // A fresh form after each new account.
        key={created?.url ?? "form"}
        roles={data.roles}
        result={reply && "result" in reply ? reply.result : undefined}
      />
      <h2>{t("staffOps.roles")}</h2>
      <RolesTable roles={data.roles} />
      {canManage ? (
        <p>
          <Link to="/ops/staff/roles/new" className="button" data-testid="ops-role-new">
            {t("staffOps.role.new")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
