import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type TypedResponse,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ChangePasswordDialog } from "~/components/identity/change-password-dialog";
import { SecondFactorDialog } from "~/components/identity/second-factor-form";
import { StaffLoginCard } from "~/components/identity/staff-login-card";
import { StepUpDialog } from "~/components/identity/step-up-form";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { getViewer } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import { translatorFor } from "~/utils/i18next.server";
import {
  handleCaptchaRefresh,
  handleLogin,
  handleLoginSecondFactor,
  handleLoginStepUp,
  handleTicketPasswordChange,
  identityRequest,
  type IdentityReply,
} from "~/utils/identity-actions.server";
import { titleMeta } from "~/utils/meta";

export const meta = titleMeta<typeof loader>();

/** An agent already signed in goes straight to the agent centre. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getViewer(request);
  if (viewer?.member.isAgent) throw redirect("/agentHome");
  const [brand, t] = await Promise.all([getBrandConfig(await getDb()), translatorFor(request)]);
  return json({ brandName: brand.name, hours: brand.agentServiceHours, title: t("agent.title") });
}

/** What the agent site's forms answer when they do not sign in. */
type AgentLoginReply = Pick<
  IdentityReply,
  "result" | "captcha" | "changePassword" | "secondFactor" | "loginError" | "stepUp"
>;

/**
 * The agent site's intents: `login` (the platform refuses non-agents:
 * 'Non-agents cannot log in'; success goes to /agentHome), `captcha` (another
 * image, at most one a second) and `change-password` (the forced change with the
 * login's ticket; success signs in and goes to /agentHome).
 */
export async function action({
  request,
}: ActionFunctionArgs): Promise<TypedResponse<AgentLoginReply>> {
  const formData = await readForm(request);
  const brand = await getBrandConfig(await getDb());
  const context = await identityRequest(request, formData, brand);
  switch (formData.get("intent")) {
    case "captcha":
      return handleCaptchaRefresh(context);
    case "change-password":
      return handleTicketPasswordChange(context);
    case "second-factor":
      return handleLoginSecondFactor(context, "agent");
    // ADR 37: the new-IP step.
    case "step-up":
    case "step-up-send":
    case "step-up-choose":
    case "step-up-back":
      return handleLoginStepUp(context, "agent");
    case "login":
    case null:
      return handleLogin(context, "agent");
    default:
      throw json({ error: "unknown_intent" }, { status: 400 });
  }
}

/**
 * /agent: the agent login page (its own layout, no portal chrome): title,
 * service hours, and a login form without a remember option. Every button
 * submits, so it all works without JavaScript.
 */
export default function AgentLogin() {
  const { brandName, hours } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const first = hours.days[0] ?? 1;
  const last = hours.days[hours.days.length - 1] ?? 5;
  const changePassword = actionData?.changePassword;
  const secondFactor = actionData?.secondFactor;
  const stepUp = actionData?.stepUp;
  const loginError = actionData?.loginError;
  return (
    <StaffLoginCard
      brandName={brandName}
      title={t("agent.title")}
      details={
        <p data-testid="service-hours">
          {t("agent.serviceHours", {
            from: t(`weekday.${first}`),
            to: t(`weekday.${last}`),
            start: hours.from,
            end: hours.to,
          })}
        </p>
      }
      formTitle={t("agent.form")}
      titleId="agent-login-title"
      intro={t("agent.intro")}
      action="/agent"
      labels={{
        username: t("login.username"),
        password: t("login.password"),
        submit: t("login.submit"),
      }}
      submitTestId="agent-login-submit"
      // The login form's own answer; a change-password answer belongs to the dialog.
      result={
        changePassword || secondFactor || stepUp
          ? null
          : loginError
            ? { status: "error", error: { "": [loginError] } }
            : actionData?.result
      }
      captcha={changePassword || secondFactor || stepUp ? null : actionData?.captcha}
      footer={
        <Link to="/" className="muted">
          {t("error.backHome")}
        </Link>
      }
    >
      {changePassword ? (
        <ChangePasswordDialog
          ticket={changePassword.ticket}
          reason={changePassword.reason}
          result={actionData?.result}
          closeHref="/agent"
          action="/agent"
        />
      ) : null}
      {stepUp ? <StepUpDialog {...stepUp} closeHref="/agent" action="/agent" /> : null}
      {secondFactor ? (
        <SecondFactorDialog
          ticket={secondFactor.ticket}
          errors={secondFactor.errors}
          closeHref="/agent"
          action="/agent"
        />
      ) : null}
    </StaffLoginCard>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
