import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ChangePasswordForm } from "~/components/identity/change-password-form";
import { translatorFor } from "~/i18next.server";
import { getDb } from "~/platform/db/database.server";
import { PlatformError } from "~/platform/errors";
import { changePassword } from "~/platform/identity/password-change.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { fieldRuleMessage } from "~/platform/system/field-rules.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { auditContext, requireRealMember } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { useTranslation, type TFunction } from "~/utils/i18n";
import { formFailure, identityErrorMessage, SECRET_FIELDS } from "~/utils/identity.server";
import { confirmedPassword, fieldRule, newPasswordField, requiredSecret } from "~/utils/identity-schemas.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · ${data.brandName}` : "" }];

/** DESIGN §4 securityCenter. The member layout guards it; the loader and action check again on their own. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRealMember(request);
  const [brand, t] = await Promise.all([getBrandConfig(await getDb()), translatorFor(request)]);
  return json({
    title: t("security.title"),
    brandName: brand.name,
    passwordHint: fieldRuleMessage(fieldRule(brand, "password")!, t),
    changed: new URL(request.url).searchParams.get("changed") === "1",
  });
}

/** §5 change password: old password required, the new one under the password rule, the confirmation equal. */
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

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  if (formData.get("intent") !== "change-password") throw json({ error: "unknown_intent" }, { status: 400 });
  const submission = parseWithZod(formData, { schema: loginPasswordSchema(brand, t) });
  if (submission.status !== "success") return formFailure(submission.reply({ hideFields: SECRET_FIELDS }));
  const { oldPassword, newPassword } = submission.value;
  try {
    // The platform signs out the member's other sessions; this one stays.
    await changePassword(
      db,
      { memberId: viewer.member.id, sessionId: viewer.sessionId, oldPassword, newPassword: newPassword! },
      auditContext(request),
    );
  } catch (error) {
    const message = identityErrorMessage(error, t);
    const onOld = error instanceof PlatformError && error.code === "old_password_wrong";
    return formFailure(
      submission.reply({ ...(onOld ? { fieldErrors: { oldPassword: [message] } } : { formErrors: [message] }), hideFields: SECRET_FIELDS }),
    );
  }
  // POST → redirect → GET: a reload never repeats the change.
  return redirect("/member/security?changed=1");
}

export default function SecurityCentre() {
  const { passwordHint, changed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className="security-page">
      <h1>{t("security.title")}</h1>
      <section className="security-section" aria-labelledby="login-password-title">
        <h2 id="login-password-title">{t("security.loginPassword")}</h2>
        <p className="muted">{t("security.loginPasswordNote")}</p>
        {changed && !actionData ? (
          <p className="form-success" role="status" data-testid="password-changed">
            {t("security.changed")}
          </p>
        ) : null}
        {/* A fresh form after every navigation: no typed password survives a change. */}
        <ChangePasswordForm key={location.key} result={actionData?.result} passwordHint={passwordHint} action="/member/security" />
      </section>
    </div>
  );
}
