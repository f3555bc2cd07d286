import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type TypedResponse,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ChangePasswordDialog } from "~/components/identity/change-password-dialog";
import { ForgotPasswordDialog } from "~/components/identity/forgot-password-dialog";
import { LoginDialog } from "~/components/identity/login-dialog";
import { SecondFactorDialog } from "~/components/identity/second-factor-form";
import { StepUpDialog } from "~/components/identity/step-up-form";
import { LobbyPage } from "~/components/lobby/lobby-page";
import { readPasswordChangeTicket } from "~/platform/identity/password-change.server";
import { isSessionEndReason } from "~/platform/identity/session-ends";
import { getDb } from "~/platform/start.server";
import { countriesFor } from "~/platform/system/countries";
import { getBrandConfig } from "~/platform/system/settings.server";
import { getViewer } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import {
  handleCaptchaRefresh,
  handleForgotByEmail,
  handleForgotByPhone,
  handleFreePlay,
  handleLogin,
  handleLoginSecondFactor,
  handleLoginStepUp,
  handleSendCode,
  handleTicketPasswordChange,
  identityRequest,
  type IdentityReply,
} from "~/utils/identity-actions.server";
import { identityFlags } from "~/utils/identity.server";
import { safeRedirectPath } from "~/utils/misc";
import { loadLobby } from "./__lobby.server";

export { meta } from "./index";

type AuthDialog =
  | { kind: "login"; by: "password" | "sms"; redirectTo: string | null }
  | { kind: "forgot"; by: "email" | "mobile" }
  | { kind: "reset"; ticket: string | null; reason: string };

/**
 * /login: the home lobby with the login dialog open (ADR 4: popups
 * are URL state). `?modal=forgot` opens forgot password, `?modal=reset&ticket=`
 * the change-password dialog of an e-mailed reset link.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const modal = params.get("modal");
  const requested = params.get("redirectTo");
  // redirectTo is honoured for same-site paths only; anything else is dropped.
  const redirectTo = safeRedirectPath(requested, "") || null;
  const viewer = await getViewer(request);
  if (viewer && modal !== "reset") throw redirect(redirectTo ?? "/");
  const db = await getDb();
  const [lobby, brand] = await Promise.all([
    loadLobby(request, { ownDialog: true }),
    getBrandConfig(db),
  ]);
  const flags = identityFlags(brand);
  let dialog: AuthDialog;
  if (modal === "forgot") {
    const by = params.get("by");
    dialog = {
      kind: "forgot",
      by: by === "email" || by === "mobile" ? by : flags.mobileVerification ? "mobile" : "email",
    };
  } else if (modal === "reset") {
    const ticket = params.get("ticket");
    const pending = ticket ? await readPasswordChangeTicket(db, ticket) : null;
    dialog = { kind: "reset", ticket: pending ? ticket : null, reason: pending?.reason ?? "reset" };
  } else {
    dialog = {
      kind: "login",
      by: params.get("by") === "sms" && flags.smsLogin ? "sms" : "password",
      redirectTo,
    };
  }
  return json({
    lobby,
    dialog,
    ended: readEnded(params),
    smsLogin: flags.smsLogin,
    freePlay: flags.freePlay,
    countries: countriesFor(brand.countries),
  });
}

/** `?ended=` (auth.server getViewer): why the platform signed the member out, shown above the form. */
function readEnded(params: URLSearchParams) {
  const reason = params.get("ended");
  if (!isSessionEndReason(reason)) return null;
  const minutes = Number(params.get("minutes"));
  return {
    reason,
    minutes: Number.isInteger(minutes) && minutes > 0 && minutes <= 1440 ? minutes : null,
  };
}

/** Every identity form is on this page: its reply is any of their answers. */
export async function action({
  request,
}: ActionFunctionArgs): Promise<TypedResponse<IdentityReply>> {
  const formData = await readForm(request, { honeypot: true });
  const brand = await getBrandConfig(await getDb());
  const context = await identityRequest(request, formData, brand);
  switch (formData.get("intent")) {
    case "captcha":
      return handleCaptchaRefresh(context);
    case "sms-code":
      return handleSendCode(context, "login");
    case "forgot-code":
      return handleSendCode(context, "reset");
    case "forgot-email":
      return handleForgotByEmail(context);
    case "forgot-mobile":
      return handleForgotByPhone(context);
    case "change-password":
      return handleTicketPasswordChange(context);
    case "second-factor":
      return handleLoginSecondFactor(context, "member");
    case "step-up":
    case "step-up-send":
    case "step-up-choose":
    case "step-up-back":
      return handleLoginStepUp(context, "member");
    case "free-play":
      return handleFreePlay(context);
    default:
      return handleLogin(context, "member");
  }
}

export default function LoginRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { dialog } = data;
  let content: React.ReactNode;
  if (actionData?.stepUp) {
    content = <StepUpDialog {...actionData.stepUp} closeHref="/" action="/login" />;
  } else if (actionData?.secondFactor) {
    content = (
      <SecondFactorDialog
        ticket={actionData.secondFactor.ticket}
        errors={actionData.secondFactor.errors}
        closeHref="/"
        action="/login"
      />
    );
  } else if (actionData?.changePassword) {
    content = (
      <ChangePasswordDialog
        {...actionData.changePassword}
        result={actionData.result}
        closeHref="/"
      />
    );
  } else if (dialog.kind === "reset") {
    content = dialog.ticket ? (
      <ChangePasswordDialog
        ticket={dialog.ticket}
        reason={dialog.reason}
        result={actionData?.result}
        closeHref="/"
      />
    ) : (
      <LoginDialog
        by="password"
        smsLogin={data.smsLogin}
        freePlay={data.freePlay}
        redirectTo={null}
        countries={data.countries}
        expired
      />
    );
  } else if (dialog.kind === "forgot") {
    content = (
      <ForgotPasswordDialog
        by={dialog.by}
        countries={data.countries}
        result={actionData?.result}
        codeSent={actionData?.codeSent}
        notice={actionData?.notice}
      />
    );
  } else {
    content = (
      <LoginDialog
        by={dialog.by}
        smsLogin={data.smsLogin}
        freePlay={data.freePlay}
        redirectTo={dialog.redirectTo}
        countries={data.countries}
        captcha={actionData?.captcha}
        codeSent={actionData?.codeSent}
        result={
          actionData?.loginError
            ? { status: "error", error: { "": [actionData.loginError] } }
            : actionData?.result
        }
        freePlayError={actionData?.freePlayError}
        reopenOffer={actionData?.reopenOffer}
        ended={actionData ? null : data.ended}
      />
    );
  }
  return <LobbyPage data={data.lobby} dialog={content} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
