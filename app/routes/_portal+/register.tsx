import type { SubmissionResult } from "@conform-to/react";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type TypedResponse,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod/v4";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RegisterDialog } from "~/components/identity/register-dialog";
import { LobbyPage } from "~/components/lobby/lobby-page";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import { requestCode, type CodeRequestResult } from "~/platform/identity/codes.server";
import { recordKnownSignIn } from "~/platform/identity/known-sign-ins.server";
import { findMemberByMobile } from "~/platform/identity/members.server";
import { sendersFor } from "~/platform/identity/outbox.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { createSession } from "~/platform/identity/sessions.server";
import { registerMember } from "~/platform/registration/registration.server";
import { findReferrerByCode } from "~/platform/rewards/referral/codes.server";
import { referralEnabled } from "~/platform/rewards/referral/program.server";
import { getDb } from "~/platform/start.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { auditContext, getViewer } from "~/utils/auth.server";
import { readForm, parseSubmission, formFailure } from "~/utils/form.server";
import { translatorFor } from "~/utils/i18next.server";
import {
  codeRequestRefusal,
  identityErrorMessage,
  identityFlags,
  SECRET_FIELDS,
  signedInRedirect,
} from "~/utils/identity.server";
import { deviceFor, withDeviceCookie } from "~/utils/step-up-actions.server";
import { loadLobby } from "./__lobby.server";
import {
  fieldOfError,
  registerSchema,
  registerSetup,
  registrationInput,
  sendCodeSchema,
  type RegisterSetup,
} from "./__registration-schema.server";

export { meta } from "./index";

/** A link's code (?affiliateCode=: an agent's; ?ref=: a member's referral code, or an agent's on old links), when it looks like one. */
function linkedCode(params: URLSearchParams, name: "affiliateCode" | "ref"): string | null {
  const code = (params.get(name) ?? "").trim();
  return /^[A-Za-z0-9]{1,32}$/.test(code) ? code : null;
}

/**
 * /register: the home lobby with the register dialog open (ADR 4:
 * popups are URL state). `?mode=username|mobile` picks the registration type
 * among those the whitelabel flags enable; a signed-in member goes home.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getViewer(request)) throw redirect("/");
  const params = new URL(request.url).searchParams;
  const db = await getDb();
  const [lobby, brand, referral] = await Promise.all([
    loadLobby(request, { ownDialog: true }),
    getBrandConfig(db),
    referralEnabled(db),
  ]);
  const setup = registerSetup(brand, params.get("mode"));
  // ?ref= is a member's referral code; on old links it named an agent, and goes to the affiliate field as it did.
  const ref = linkedCode(params, "ref");
  const referrer = ref ? await findReferrerByCode(db, ref) : undefined;
  return json({
    lobby,
    register: setup && {
      mode: setup.mode,
      modes: setup.modes,
      optional: setup.optional,
      mobile: setup.mobile,
      verification: setup.verification,
      countries: setup.countries,
      affiliateCode: linkedCode(params, "affiliateCode") ?? (referrer ? null : ref),
      referralCode: referrer ? ref : null,
      referral,
    },
  });
}

/**
 * What the register form answers when it does not sign the new member in: conform's
 * result, and after a get-code press the countdown and the refusal's message.
 */
type RegisterReply = {
  result: SubmissionResult<string[]>;
  codeSent?: CodeRequestResult | null;
  smsError?: string;
};
type Reply = Promise<TypedResponse<RegisterReply>>;

interface RegisterRequest {
  request: Request;
  formData: FormData;
  brand: BrandConfig;
  setup: RegisterSetup;
  t: TFunction;
}

export async function action({ request }: ActionFunctionArgs): Reply {
  const formData = await readForm(request, { honeypot: true });
  if (await getViewer(request)) throw redirect("/");
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  const setup = registerSetup(brand, new URL(request.url).searchParams.get("mode"));
  if (!setup) {
    const submission = parseSubmission(formData, { schema: z.object({}) });
    return formFailure(
      submission.reply({
        formErrors: [t("identityError.operation-not-allowed")],
        hideFields: SECRET_FIELDS,
      }),
    );
  }
  const context = { request, formData, brand, setup, t };
  return formData.get("intent") === "send-code" ? sendCode(context) : register(context);
}

/**
 * SMS code request (purpose register). The countdown and the
 * once-a-second throttle are the platform's; a number that already
 * belongs to a member gets mobile_taken and no SMS.
 */
async function sendCode({ request, formData, brand, setup, t }: RegisterRequest): Reply {
  const submission = parseSubmission(formData, { schema: sendCodeSchema(brand, t) });
  if (!setup.verification) {
    return formFailure(
      submission.reply({
        formErrors: [t("identityError.operation-not-allowed")],
        hideFields: SECRET_FIELDS,
      }),
    );
  }
  if (submission.status !== "success")
    return formFailure(submission.reply({ hideFields: SECRET_FIELDS }));
  const { countryDialingCode: dialingCode, mobileNum: mobile } = submission.value;
  const db = await getDb();
  if (await findMemberByMobile(db, dialingCode, mobile)) {
    return formFailure(
      submission.reply({
        fieldErrors: { mobileNum: [t("identityError.mobile_taken")] },
        hideFields: SECRET_FIELDS,
      }),
    );
  }
  const policy = identityPolicy();
  try {
    const codeSent = await requestCode(
      db,
      sendersFor(db),
      { purpose: "register", target: { channel: "sms", dialingCode, mobile } },
      auditContext(request),
      policy,
    );
    return json({ result: submission.reply({ hideFields: SECRET_FIELDS }), codeSent });
  } catch (error) {
    // A failed request shows the server's message as a warning; a running countdown keeps the button waiting.
    const refusal = codeRequestRefusal(error, t);
    return json(
      {
        result: submission.reply({ hideFields: SECRET_FIELDS }),
        smsError: refusal.message,
        codeSent: refusal.codeSent,
      },
      {
        status: refusal.throttled ? 429 : 400,
        headers:
          refusal.retryAfterSeconds > 0
            ? { "Retry-After": String(refusal.retryAfterSeconds) }
            : undefined,
      },
    );
  }
}

/** Registration; success signs the new member in (login true) and lands on /. */
async function register({ request, formData, brand, setup, t }: RegisterRequest): Reply {
  const submission = parseSubmission(formData, {
    schema: registerSchema(brand, setup, t, formData),
  });
  if (submission.status !== "success")
    return formFailure(submission.reply({ hideFields: SECRET_FIELDS }));
  const db = await getDb();
  const policy = identityPolicy();
  const context = auditContext(request);
  try {
    const member = await registerMember(
      db,
      registrationInput(setup, submission.value),
      {
        agentTypes: brand.agentTypes,
        trialTypes: brand.trialTypes,
        mobileVerification: identityFlags(brand).mobileVerification,
      },
      context,
      policy,
    );
    const session = await createSession(
      db,
      { memberId: member.id, site: "member", remember: false, ...context },
      policy,
    );
    // ADR 37: the address and browser it registered from are known sign-ins from the start.
    const device = await deviceFor(request);
    await recordKnownSignIn(db, member.id, {
      ip: context.ip,
      deviceId: device.deviceId,
      userAgent: context.userAgent,
    });
    return withDeviceCookie(await signedInRedirect(request, session, "/"), request, device);
  } catch (error) {
    const message = identityErrorMessage(error, t);
    const field =
      error instanceof PlatformError ? fieldOfError(error.code, setup, error.details) : null;
    return formFailure(
      submission.reply({
        ...(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
        hideFields: SECRET_FIELDS,
      }),
    );
  }
}

export default function RegisterRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <LobbyPage
      data={data.lobby}
      dialog={<RegisterDialog form={data.register} actionData={actionData} />}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
