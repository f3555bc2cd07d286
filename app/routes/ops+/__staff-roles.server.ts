import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import { isStaffPermission, STAFF_PERMISSIONS } from "~/platform/identity/staff-permissions";
import {
  createRole,
  deleteRole,
  findRole,
  ROLE_NAME_PATTERN,
  setRolePermissions,
} from "~/platform/identity/staff-roles.server";
import { formFailure, parseSubmission, readForm } from "~/utils/form.server";
import { requiredText } from "~/utils/identity-schemas.server";
import { opsRequest, type OpsRequest } from "./__ops-request.server";
import { staffErrorMessage } from "./__staff.server";

/**
 * /ops/staff/roles/new and /ops/staff/roles/<id> (ADR 44): a role's
 * permissions as tick boxes grouped by area; a new role also takes its name.
 * Reading needs staff.view, saving staff.manage.
 */

const notFound = () => json({ error: "not_found" }, { status: 404 });

/** The catalogue by area ("withdrawals", "vip", …), each area's permissions in order. */
const areaOf = (permission: string) => permission.split(".")[0]!;
const PERMISSION_AREAS = [...new Set(STAFF_PERMISSIONS.map(areaOf))].map((area) => ({
  area,
  permissions: STAFF_PERMISSIONS.filter((permission) => areaOf(permission) === area),
}));

export async function opsRoleLoader(request: Request, id: string | null) {
  const { db, brand, t } = await opsRequest(request, "staff.view");
  const role = id === null ? null : await findRole(db, id);
  if (id !== null && !role) throw notFound();
  const done = new URL(request.url).searchParams.get("done");
  return json({
    title: role ? t("staffOps.role.title", { name: role.name }) : t("staffOps.role.new"),
    brandName: brand.name,
    saved: done === "saved" || done === "created" ? done : null,
    areas: PERMISSION_AREAS,
    role: role && { name: role.name, permissions: role.permissions, members: role.members },
  });
}

const roleSchema = (t: TFunction, isNew: boolean) =>
  z.object({
    name: isNew
      ? requiredText(t("staffOps.error.role_name_invalid"), 32).pipe(
          z.string().regex(ROLE_NAME_PATTERN, { error: t("staffOps.error.role_name_invalid") }),
        )
      : z.undefined().optional(),
    // A form with one tick box sends a string, with none nothing at all.
    permissions: z.preprocess(
      (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
      z
        .array(z.string())
        .refine(
          (values) => values.every(isStaffPermission),
          t("staffOps.error.permission_unknown"),
        ),
    ),
  });

/** A role's page posts its permissions, or (`intent=delete`) asks to delete the role. */
const intentSchema = z.object({ intent: z.enum(["delete"]).optional().catch(undefined) });

type RoleReply = { result: SubmissionResult<string[]> };

/** Saves the role; a refusal keeps the name and the ticks as they were sent. */
export async function opsRoleAction(
  request: Request,
  id: string | null,
): Promise<TypedResponse<RoleReply>> {
  const formData = await readForm(request, { honeypot: true });
  const { db, t, act } = await opsRequest(request, "staff.manage");
  const { intent } = intentSchema.parse({ intent: formData.get("intent") ?? undefined });
  if (id !== null && intent === "delete") return deleteRoleAction(db, id, t, act);
  const submission = parseSubmission(formData, { schema: roleSchema(t, id === null) });
  if (submission.status !== "success") return formFailure(submission.reply());
  const { name, permissions } = submission.value;
  try {
    if (id === null) {
      const created = await createRole(db, { name: name ?? "", permissions }, act);
      return redirect(`/ops/staff/roles/${created}?done=created`);
    }
    await setRolePermissions(db, id, permissions, act);
    return redirect(`/ops/staff/roles/${id}?done=saved`);
  } catch (error) {
    if (error instanceof PlatformError && error.code === "role_not_found") throw notFound();
    const [field, message] = staffErrorMessage(error, t);
    return formFailure(
      submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
    );
  }
}

/** Deletes the role (nobody may hold it) and goes back to the staff list, which says so. */
async function deleteRoleAction(
  db: OpsRequest["db"],
  id: string,
  t: TFunction,
  act: OpsRequest["act"],
) {
  try {
    const name = await deleteRole(db, id, act);
    return redirect(`/ops/staff?roleDeleted=${encodeURIComponent(name)}`);
  } catch (error) {
    if (error instanceof PlatformError && error.code === "role_not_found") throw notFound();
    const [, message] = staffErrorMessage(error, t);
    return formFailure({ status: "error", error: { "": [message] } } as SubmissionResult<string[]>);
  }
}
