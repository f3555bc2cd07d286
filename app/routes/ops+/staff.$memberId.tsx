import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SetupLinkNotice } from "~/components/ops/staff/setup-link-notice";
import { staffState } from "~/components/ops/staff/staff-list";
import { StaffMemberActions } from "~/components/ops/staff/staff-member-actions";
import { useStaffCan } from "~/components/ops/use-staff-can";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { opsStaffMemberAction, opsStaffMemberLoader } from "./__staff.server";

export const meta = titleMeta<typeof loader>();

/** /ops/staff/<member id>: one staff account (see ./__staff.server.ts). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return opsStaffMemberLoader(request, params.memberId ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return opsStaffMemberAction(request, params.memberId ?? "");
}

export default function OpsStaffMember() {
  const { title, member, roles, self, done } = useLoaderData<typeof loader>();
  const canManage = useStaffCan("staff.manage");
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  const reenrolled = reply && "reenrolled" in reply ? reply.reenrolled : null;
  return (
    <section className="member-card" aria-labelledby="ops-staff-member-title">
      <p>
        <Link to="/ops/staff">{t("staffOps.back")}</Link>
      </p>
      <h1 id="ops-staff-member-title">{title}</h1>
      <div aria-live="polite">
        {reenrolled ? (
          <SetupLinkNotice {...reenrolled} heading={t("staffOps.member.done.reenrol")} />
        ) : done ? (
          <p className="form-success" role="status" data-testid="ops-staff-done">
            {t(`staffOps.member.done.${done}`)}
          </p>
        ) : null}
      </div>
      <dl className="detail-list">
        <dt>{t("staffOps.field.role")}</dt>
        <dd data-testid="ops-staff-role">{member.role}</dd>
        <dt>{t("staffOps.field.state")}</dt>
        <dd data-testid="ops-staff-state">{t(`staffOps.states.${staffState(member)}`)}</dd>
        <dt>{t("staffOps.field.createdAt")}</dt>
        <dd>{member.createdAt}</dd>
        <dt>{t("staffOps.field.lastSignInAt")}</dt>
        <dd>{member.lastSignInAt ?? t("staffOps.never")}</dd>
      </dl>
      {canManage ? (
        <StaffMemberActions
          member={member}
          roles={roles}
          self={self}
          failed={reply && "result" in reply ? reply : null}
        />
      ) : null}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
