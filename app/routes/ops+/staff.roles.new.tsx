import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titleMeta } from "~/utils/meta";
import { opsRoleAction, opsRoleLoader } from "./__staff-roles.server";
import { OpsRolePage } from "./staff.roles.$roleId";

export const meta = titleMeta<typeof loader>();

/** /ops/staff/roles/new (see ./__staff-roles.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return opsRoleLoader(request, null);
}

export async function action({ request }: ActionFunctionArgs) {
  return opsRoleAction(request, null);
}

export default OpsRolePage;

export const ErrorBoundary = GeneralErrorBoundary;
