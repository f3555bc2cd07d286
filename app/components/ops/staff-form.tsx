import { Form, type FormProps } from "@remix-run/react";
import type { StaffPermission } from "~/platform/identity/staff-permissions";
import { useStaffCan } from "./use-staff-can";

/**
 * A back-office form that acts (it posts): rendered only for a role that holds `permission`,
 * so a screen offers nothing its reader may not do. The action checks the permission again.
 */
export function StaffForm({
  permission,
  ...props
}: { permission: StaffPermission } & Omit<FormProps, "method">) {
  if (!useStaffCan(permission)) return null;
  return <Form method="post" {...props} />;
}
