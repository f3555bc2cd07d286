import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import { getConfig } from "~/config.server";
import type { TFunction } from "~/i18n";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { PlatformError } from "~/platform/errors";
import { OPERATOR_ACCOUNT_PATTERN } from "~/platform/identity/operator-setup.server";
import { setupLinkUrl } from "~/platform/identity/setup-links.server";
import {
  changeStaffRole,
  createStaff,
  findStaff,
  listStaff,
  reenrolStaff,
  setStaffDisabled,
  type SetupLink,
  type StaffRow,
} from "~/platform/identity/staff-accounts.server";
import { listRoles, ROLE_NAME_PATTERN } from "~/platform/identity/staff-roles.server";
import { formFailure, parseSubmission, readForm } from "~/utils/form.server";
import { requiredText } from "~/utils/identity-schemas.server";
import { opsRequest } from "./__ops-request.server";

/**
 * /ops/staff (ADR 44): the staff list with the form that creates an account,
 * and /ops/staff/<id>: one account's role, disable or enable, re-enrol.
 * Reading needs staff.view, every change staff.manage; the platform audits
 * each change. A new setup link is shown once, in the action's own reply:
 * never in a URL or a log line.
 */

const notFound = () => json({ error: "not_found" }, { status: 404 });

/** The one-time link as the page shows it, once. */
export interface ShownLink {
  account: string;
  url: string;
  expiresAt: string;
}

const shownLink = (link: SetupLink, timeZone: string): ShownLink => ({
  account: link.account,
  url: setupLinkUrl(getConfig().PUBLIC_URL, link.token),
  expiresAt: formatTimestamp(link.expiresAt.toISOString(), timeZone),
});

const staffView = (row: StaffRow, timeZone: string) => ({
  memberId: row.memberId,
  account: row.account,
  nickname: row.nickname,
  roleId: row.roleId,
  role: row.role,
  disabled: row.disabled,
  enrolled: row.enrolled,
  awaitingPassword: row.awaitingPassword,
  createdAt: formatTimestamp(row.createdAt.toISOString(), timeZone),
  lastSignInAt: row.lastSignInAt ? formatTimestamp(row.lastSignInAt.toISOString(), timeZone) : null,
});

/** What a refused change says, on the field it concerns ("" for the whole form). */
export function staffErrorMessage(error: unknown, t: TFunction): [string, string] {
  if (!(error instanceof PlatformError)) throw error;
  const fields: Record<string, string> = {
    operator_account_invalid: "account",
    account_taken: "account",
    role_not_found: "roleId",
    role_name_invalid: "name",
    role_name_taken: "name",
    permission_unknown: "permissions",
  };
  const known = [
    ...Object.keys(fields),
    "staff_self",
    "last_staff_manager",
    "staff_not_found",
    "role_in_use",
    "role_protected",
  ].includes(error.code);
  if (!known) throw error;
  return [fields[error.code] ?? "", t(`staffOps.error.${error.code}`)];
}

export async function opsStaffLoader(request: Request) {
  const { db, brand, t } = await opsRequest(request, "staff.view");
  const [members, roles] = await Promise.all([listStaff(db), listRoles(db)]);
  const deleted = new URL(request.url).searchParams.get("roleDeleted") ?? "";
  return json({
    title: t("staffOps.title"),
    brandName: brand.name,
    // After a role's deletion (see ./__staff-roles.server.ts): its name, if it is one.
    roleDeleted: ROLE_NAME_PATTERN.test(deleted) ? deleted : null,
    staff: members.map((row) => staffView(row, brand.timeZone)),
    roles: roles.map(({ id, name, permissions, members }) => ({
      id,
      name,
      permissions: permissions.length,
      members,
    })),
  });
}

const createSchema = (t: TFunction) =>
  z.object({
    account: requiredText(t("staffOps.error.operator_account_invalid"), 32).pipe(
      z.string().regex(OPERATOR_ACCOUNT_PATTERN, {
        error: t("staffOps.error.operator_account_invalid"),
      }),
    ),
    roleId: z.string({ error: t("staffOps.error.role_not_found") }).regex(/^\d{1,18}$/, {
      error: t("staffOps.error.role_not_found"),
    }),
  });

type CreateReply = { result: SubmissionResult<string[]> } | { created: ShownLink };

/** Creates the account; the reply shows its setup link once (a refusal keeps what was typed). */
export async function opsStaffAction(request: Request): Promise<TypedResponse<CreateReply>> {
  const formData = await readForm(request, { honeypot: true });
  const { db, brand, t, act } = await opsRequest(request, "staff.manage");
  const submission = parseSubmission(formData, { schema: createSchema(t) });
  if (submission.status !== "success") return formFailure(submission.reply());
  try {
    const link = await createStaff(db, submission.value, act);
    return json({ created: shownLink(link, brand.timeZone) });
  } catch (error) {
    const [field, message] = staffErrorMessage(error, t);
    return formFailure(
      submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
    );
  }
}

const MEMBER_DONE = ["role", "disabled", "enabled"] as const;

export async function opsStaffMemberLoader(request: Request, memberId: string) {
  const { db, brand, t, staff } = await opsRequest(request, "staff.view");
  const [member, roles] = await Promise.all([findStaff(db, memberId), listRoles(db)]);
  if (!member) throw notFound();
  const done = new URL(request.url).searchParams.get("done");
  return json({
    title: t("staffOps.member.title", { account: member.account }),
    brandName: brand.name,
    self: member.memberId === staff.viewer.member.id,
    done: MEMBER_DONE.find((value) => value === done) ?? null,
    member: staffView(member, brand.timeZone),
    roles: roles.map(({ id, name }) => ({ id, name })),
  });
}

const memberSchema = (t: TFunction) =>
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("role"),
      roleId: z.string({ error: t("staffOps.error.role_not_found") }).regex(/^\d{1,18}$/, {
        error: t("staffOps.error.role_not_found"),
      }),
    }),
    z.object({ intent: z.enum(["disable", "enable", "reenrol"]) }),
  ]);

type MemberReply =
  { result: SubmissionResult<string[]>; intent: string } | { reenrolled: ShownLink };

/** One account's change; a re-enrolment's reply shows the new link once, the others come back to the page. */
export async function opsStaffMemberAction(
  request: Request,
  memberId: string,
): Promise<TypedResponse<MemberReply>> {
  const formData = await readForm(request, { honeypot: true });
  const { db, brand, t, act } = await opsRequest(request, "staff.manage");
  const submission = parseSubmission(formData, { schema: memberSchema(t) });
  if (submission.status !== "success") throw json({ error: "invalid_form" }, { status: 400 });
  const value = submission.value;
  const page = `/ops/staff/${memberId}`;
  try {
    if (value.intent === "reenrol") {
      const link = await reenrolStaff(db, memberId, act);
      return json({ reenrolled: shownLink(link, brand.timeZone) });
    }
    if (value.intent === "role") {
      await changeStaffRole(db, memberId, value.roleId, act);
      return redirect(`${page}?done=role`);
    }
    await setStaffDisabled(db, memberId, value.intent === "disable", act);
    return redirect(`${page}?done=${value.intent}d`);
  } catch (error) {
    if (error instanceof PlatformError && error.code === "staff_not_found") throw notFound();
    const [field, message] = staffErrorMessage(error, t);
    return formFailure(
      submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
      { intent: value.intent },
    );
  }
}
