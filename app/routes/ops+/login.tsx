import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type TypedResponse,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SecondFactorForm } from "~/components/identity/second-factor-form";
import { StaffLoginCard } from "~/components/identity/staff-login-card";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { getStaff } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import { translatorFor } from "~/utils/i18next.server";
import { handleCaptchaRefresh, identityRequest } from "~/utils/identity-actions.server";
import { titleMeta } from "~/utils/meta";
import { handleOpsLogin, handleOpsSecondFactor, type OpsLoginReply } from "./__login.server";

export const meta = titleMeta<typeof loader>();

/** A staff member already signed in goes straight to /ops (the queue, or its role's first screen). */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getStaff(request)) throw redirect("/ops");
  const [brand, t] = await Promise.all([getBrandConfig(await getDb()), translatorFor(request)]);
  return json({ title: t("ops.login.title"), brandName: brand.name });
}

/** `login` (operators only), `captcha` (another image, at most one a second). */
export async function action({
  request,
}: ActionFunctionArgs): Promise<TypedResponse<OpsLoginReply>> {
  const formData = await readForm(request);
  const brand = await getBrandConfig(await getDb());
  const context = await identityRequest(request, formData, brand);
  switch (formData.get("intent")) {
    case "captcha":
      return handleCaptchaRefresh(context);
    case "login":
    case null:
      return handleOpsLogin(context);
    case "second-factor":
      return handleOpsSecondFactor(context);
    default:
      throw json({ error: "unknown_intent" }, { status: 400 });
  }
}

/** /ops/login: username and password, no remember option; every button submits, so it works without JavaScript. */
export default function OpsLogin() {
  const { brandName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const secondFactor = actionData?.secondFactor;
  if (secondFactor) {
    return (
      <main className="agent-login">
        <div className="agent-card">
          <p className="muted">{brandName}</p>
          <h1 id="ops-login-title">{t("authenticator.login.title")}</h1>
          <SecondFactorForm
            ticket={secondFactor.ticket}
            errors={secondFactor.errors}
            action="/ops/login"
          />
        </div>
      </main>
    );
  }
  const loginError = actionData?.loginError;
  return (
    <StaffLoginCard
      brandName={brandName}
      title={t("ops.login.title")}
      titleId="ops-login-title"
      intro={t("ops.login.intro")}
      action="/ops/login"
      labels={{
        username: t("ops.login.username"),
        password: t("ops.login.password"),
        submit: t("ops.login.submit"),
      }}
      submitTestId="ops-login-submit"
      result={loginError ? { status: "error", error: { "": [loginError] } } : actionData?.result}
      captcha={actionData?.captcha}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
