import { useRouteLoaderData } from "@remix-run/react";
import type { StaffPermission } from "~/platform/identity/staff-permissions";

/** The back office's layout route, whose loader lists the signed-in staff member's permissions. */
export const OPS_LAYOUT = "routes/ops+/_layout";

/**
 * Whether the signed-in staff member's role holds `permission`: a screen offers a form only to
 * a role that may use it. The server checks every action again; this is what the screen shows.
 */
export function useStaffCan(permission: StaffPermission): boolean {
  const data = useRouteLoaderData<{ permissions: string[] }>(OPS_LAYOUT);
  return data?.permissions.includes(permission) ?? false;
}
