/** The security centre's change-password form. */
import { redirect } from "@remix-run/node";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import { changePassword } from "~/platform/identity/password-change.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { auditContext } from "~/utils/auth.server";
import { parseSubmission } from "~/utils/form.server";
import {
  confirmedPassword,
  newPasswordField,
  requiredSecret,
} from "~/utils/identity-schemas.server";
import { identityErrorMessage } from "~/utils/identity.server";
import { failure, HIDDEN_FIELDS, type Reply, type SecurityRequest } from "./__security-form.server";

const loginPasswordSchema = (brand: BrandConfig, t: TFunction) =>
  confirmedPassword(
    {
      oldPassword: requiredSecret(t("validation.required")),
      newPassword: newPasswordField(brand, t),
      confirmNewPassword: requiredSecret(t("validation.required")),
    },
    { password: "newPassword", confirmation: "confirmNewPassword" },
    t("validation.confirmNewPassword"),
  );

export async function changeLoginPassword({
  request,
  formData,
  viewer,
  db,
  brand,
  t,
}: SecurityRequest): Reply {
  const submission = parseSubmission(formData, { schema: loginPasswordSchema(brand, t) });
  if (submission.status !== "success")
    return failure("login-password", submission.reply({ hideFields: HIDDEN_FIELDS }));
  const { oldPassword, newPassword } = submission.value;
  try {
    // The platform signs out the member's other sessions; this one stays.
    await changePassword(
      db,
      {
        memberId: viewer.member.id,
        sessionId: viewer.sessionId,
        oldPassword,
        newPassword: newPassword!,
      },
      auditContext(request),
    );
  } catch (error) {
    const message = identityErrorMessage(error, t);
    const onOld = error instanceof PlatformError && error.code === "old_password_wrong";
    return failure(
      "login-password",
      submission.reply({
        ...(onOld ? { fieldErrors: { oldPassword: [message] } } : { formErrors: [message] }),
        hideFields: HIDDEN_FIELDS,
      }),
    );
  }
  // POST → redirect → GET: a reload never repeats the change.
  return redirect("/member/security?changed=1");
}
