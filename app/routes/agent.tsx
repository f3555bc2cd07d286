import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormErrors } from "~/components/forms/field";
import { CaptchaField } from "~/components/identity/captcha-field";
import { ChangePasswordDialog } from "~/components/identity/change-password-dialog";
import { translatorFor } from "~/i18next.server";
import { getDb } from "~/platform/db/database.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { getViewer } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import {
  handleCaptchaRefresh,
  handleLogin,
  handleTicketPasswordChange,
  identityRequest,
} from "~/utils/identity-actions.server";
import { titleMeta } from "~/utils/meta";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta = titleMeta<typeof loader>();

/** An agent already signed in goes straight to the agent centre. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getViewer(request);
  if (viewer?.member.isAgent) throw redirect("/agentHome");
  const [brand, t] = await Promise.all([getBrandConfig(await getDb()), translatorFor(request)]);
  return json({ brandName: brand.name, hours: brand.agentServiceHours, title: t("agent.title") });
}

/**
 * The agent site's intents: `login` (the platform refuses non-agents, §8
 * 'Non-agents cannot log in'; success goes to /agentHome), `captcha` (another
 * image, at most one a second) and `change-password` (§4 forced change with the
 * login's ticket; success signs in and goes to /agentHome).
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const brand = await getBrandConfig(await getDb());
  const context = await identityRequest(request, formData, brand);
  switch (formData.get("intent")) {
    case "captcha":
      return handleCaptchaRefresh(context);
    case "change-password":
      return handleTicketPasswordChange(context);
    case "login":
    case null:
      return handleLogin(context, "agent");
    default:
      throw json({ error: "unknown_intent" }, { status: 400 });
  }
}

type ActionData = {
  result?: SubmissionResult<string[]> | null;
  captcha?: { id: string; image: string };
  changePassword?: { ticket: string; reason: string };
};

/**
 * §2 /agent: the agent login page (its own layout, no portal chrome): title,
 * service hours, and a login form without a remember option. Every button
 * submits, so it all works without JavaScript.
 */
export default function AgentLogin() {
  const { brandName, hours } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation();
  const first = hours.days[0] ?? 1;
  const last = hours.days[hours.days.length - 1] ?? 5;
  const changePassword = actionData?.changePassword;
  // The login form's own answer; a change-password answer belongs to the dialog.
  const result = changePassword ? null : actionData?.result;
  const errors = result?.error ?? {};
  const values = (result?.initialValue ?? {}) as Record<string, string | undefined>;
  const captcha = changePassword ? null : actionData?.captcha;
  return (
    <main className="agent-login">
      <div className="agent-card">
        <p className="muted">{brandName}</p>
        <h1>{t("agent.title")}</h1>
        <p data-testid="service-hours">
          {t("agent.serviceHours", {
            from: t(`weekday.${first}`),
            to: t(`weekday.${last}`),
            start: hours.from,
            end: hours.to,
          })}
        </p>
        <h2 id="agent-login-title">{t("agent.form")}</h2>
        <p className="muted">{t("agent.intro")}</p>
        <Form
          method="post"
          action="/agent"
          className="stack-form"
          noValidate
          aria-labelledby="agent-login-title"
        >
          {captcha ? (
            // Enter in any field means "log in", not the captcha's "another one" button that comes first.
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
            label={t("login.username")}
            autoComplete="username"
            defaultValue={values.username}
            errors={errors.username}
            required
          />
          <Field
            name="password"
            type="password"
            label={t("login.password")}
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
            data-testid="agent-login-submit"
          >
            {t("login.submit")}
          </button>
        </Form>
        <Link to="/" className="muted">
          {t("error.backHome")}
        </Link>
      </div>
      {changePassword ? (
        <ChangePasswordDialog
          ticket={changePassword.ticket}
          reason={changePassword.reason}
          result={actionData?.result}
          closeHref="/agent"
          action="/agent"
        />
      ) : null}
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
