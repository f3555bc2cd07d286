import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormErrors } from "~/components/forms/field";
import { CaptchaField } from "~/components/identity/captcha-field";
import { translatorFor } from "~/i18next.server";
import { getDb } from "~/platform/db/database.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { getOperator } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import { handleCaptchaRefresh, identityRequest } from "~/utils/identity-actions.server";
import { handleOpsLogin } from "./__login.server";
import { titleMeta } from "~/utils/meta";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta = titleMeta<typeof loader>();

/** An operator already signed in goes straight to the queue. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getOperator(request)) throw redirect("/ops");
  const [brand, t] = await Promise.all([getBrandConfig(await getDb()), translatorFor(request)]);
  return json({ title: t("ops.login.title"), brandName: brand.name });
}

/** `login` (operators only), `captcha` (another image, at most one a second). */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const brand = await getBrandConfig(await getDb());
  const context = await identityRequest(request, formData, brand);
  switch (formData.get("intent")) {
    case "captcha":
      return handleCaptchaRefresh(context);
    case "login":
    case null:
      return handleOpsLogin(context);
    default:
      throw json({ error: "unknown_intent" }, { status: 400 });
  }
}

type ActionData = {
  result?: SubmissionResult<string[]> | null;
  captcha?: { id: string; image: string };
};

/** /ops/login: username and password, no remember option; every button submits, so it works without JavaScript. */
export default function OpsLogin() {
  const { brandName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation();
  const errors = actionData?.result?.error ?? {};
  const values = (actionData?.result?.initialValue ?? {}) as Record<string, string | undefined>;
  const captcha = actionData?.captcha;
  return (
    <main className="agent-login">
      <div className="agent-card">
        <p className="muted">{brandName}</p>
        <h1 id="ops-login-title">{t("ops.login.title")}</h1>
        <p className="muted">{t("ops.login.intro")}</p>
        <Form
          method="post"
          action="/ops/login"
          className="stack-form"
          noValidate
          aria-labelledby="ops-login-title"
        >
          {captcha ? (
            // Enter in any field means "sign in", not the captcha's "another one" button that comes first.
            <button
              type="submit"
              name="intent"
              value="login"
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
            />
          ) : null}
          <Field
            name="username"
            label={t("ops.login.username")}
            autoComplete="username"
            defaultValue={values.username}
            errors={errors.username}
            required
          />
          <Field
            name="password"
            type="password"
            label={t("ops.login.password")}
            autoComplete="current-password"
            errors={errors.password}
            required
          />
          {captcha ? <CaptchaField captcha={captcha} errors={errors.captcha} /> : null}
          <FormErrors errors={errors[""]} />
          <button
            type="submit"
            name="intent"
            value="login"
            className="button primary"
            data-testid="ops-login-submit"
          >
            {t("ops.login.submit")}
          </button>
        </Form>
      </div>
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
