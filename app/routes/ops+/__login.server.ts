import { json, redirect, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import { PlatformError } from "~/platform/errors";
import { issueCaptcha, refreshCaptcha } from "~/platform/identity/captcha.server";
import { login } from "~/platform/identity/login.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { getDb } from "~/platform/start.server";
import { auditContext } from "~/utils/auth.server";
import { parseSubmission, formFailure } from "~/utils/form.server";
import type { IdentityReply, IdentityRequest } from "~/utils/identity-actions.server";
import { requiredSecret, requiredText } from "~/utils/identity-schemas.server";
import { identityErrorMessage, identityFlags, SECRET_FIELDS } from "~/utils/identity.server";
import { handleSecondFactor } from "~/utils/second-factor-actions.server";
import { opsSessionCookieHeader } from "~/utils/session.server";

/**
 * What the back office's login page answers when it does not sign in: the form's errors, maybe a
 * captcha, or the code step (ADR 34: mandatory for staff) with its ticket.
 */
export type OpsLoginReply = Pick<
  IdentityReply,
  "result" | "captcha" | "secondFactor" | "loginError"
>;

/**
 * The back office's sign-in: the platform's login on the `ops` site, which
 * takes operator accounts only (and the same throttles and captcha as every
 * login). The session goes into the back office's own cookie, never remembered.
 */
export async function handleOpsLogin({
  request,
  formData,
  brand,
  t,
}: IdentityRequest): Promise<TypedResponse<OpsLoginReply>> {
  const required = t("identityError.login_required_fields");
  const schema = z.object({
    username: requiredText(required, 64),
    password: requiredSecret(required),
    captchaId: z.string().max(64).optional(),
    captcha: z.string().max(12).optional(),
  });
  const submission = parseSubmission(formData, { schema });
  const db = await getDb();
  if (submission.status !== "success") {
    const shown = formData.get("captchaId");
    const captcha =
      typeof shown === "string" && shown
        ? await refreshCaptcha(db, shown, identityPolicy())
        : undefined;
    return formFailure(submission.reply({ hideFields: SECRET_FIELDS }), { captcha });
  }
  const { username, password, captchaId, captcha } = submission.value;
  try {
    const outcome = await login(
      db,
      {
        method: "password",
        account: username,
        password,
        site: "ops",
        remember: false,
        captchaId,
        captcha,
      },
      { ...brand, passwordExpiry: identityFlags(brand).passwordExpiry },
      auditContext(request),
      identityPolicy(),
    );
    // The back office has no change-password dialog: a forced change is done by an administrator.
    if (outcome.kind === "change-password") {
      return formFailure(
        submission.reply({
          formErrors: [t("ops.login.passwordChange")],
          hideFields: SECRET_FIELDS,
        }),
      );
    }
    if (outcome.kind === "second-factor") {
      return json({
        result: submission.reply({ resetForm: true }),
        secondFactor: { ticket: outcome.ticket, errors: [] },
      });
    }
    // ADR 37: the new-IP step-up is for member sign-ins; operators always give an authenticator code.
    if (outcome.kind === "step-up") throw new Error("No new-IP step-up on /ops");
    // No authenticator yet: the guard keeps this session on /ops/authenticator until one is confirmed.
    return redirect("/ops", {
      headers: { "Set-Cookie": await opsSessionCookieHeader(request, outcome.session) },
    });
  } catch (error) {
    const message =
      error instanceof PlatformError && error.code === "non_operator_login"
        ? t("ops.login.nonOperator")
        : identityErrorMessage(error, t);
    const shown =
      error instanceof PlatformError && error.details.captcha
        ? await issueCaptcha(db, identityPolicy())
        : undefined;
    return formFailure(submission.reply({ formErrors: [message], hideFields: SECRET_FIELDS }), {
      captcha: shown,
    });
  }
}

/** The code step: a right code (or recovery code) opens the back office's session. */
export async function handleOpsSecondFactor({
  request,
  formData,
  t,
}: IdentityRequest): Promise<TypedResponse<OpsLoginReply>> {
  return handleSecondFactor(request, formData, t, "ops", async (session) =>
    redirect("/ops", {
      headers: { "Set-Cookie": await opsSessionCookieHeader(request, session) },
    }),
  );
}
