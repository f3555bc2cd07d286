import type { SubmissionResult } from "@conform-to/react";
import { json, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import { getConfig } from "~/config.server";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import { issueCaptcha, refreshCaptcha, type Captcha } from "~/platform/identity/captcha.server";
import {
  requestCode,
  type CodePurpose,
  type CodeRequestResult,
} from "~/platform/identity/codes.server";
import { login, type LoginInput, type LoginOutcome } from "~/platform/identity/login.server";
import { findMemberByMobile } from "~/platform/identity/members.server";
import { sendersFor } from "~/platform/identity/outbox.server";
import { requestPasswordResetEmail } from "~/platform/identity/password-change.server";
import {
  completePasswordChange,
  resetByPhoneAndSignIn,
} from "~/platform/identity/password-reset.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { createSession, type Site } from "~/platform/identity/sessions.server";
import { createTrialAccount } from "~/platform/registration/registration.server";
import { getDb } from "~/platform/start.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { breakTime } from "~/utils/break-form.server";
import { parseSubmission, formFailure } from "~/utils/form.server";
import { translatorFor } from "~/utils/i18next.server";
import { auditContext } from "./auth.server";
import {
  checkbox,
  codeField,
  confirmedPassword,
  mobileFields,
  newPasswordField,
  requiredSecret,
  requiredText,
  ruledField,
} from "./identity-schemas.server";
import {
  codeRequestRefusal,
  identityErrorMessage,
  identityFlags,
  SECRET_FIELDS,
  signedInRedirect,
} from "./identity.server";
import { safeRedirectPath, notFound } from "./misc";
import { handleSecondFactor } from "./second-factor-actions.server";
import {
  deviceFor,
  handleStepUp,
  withDeviceCookie,
  type StepUpState,
} from "./step-up-actions.server";

/**
 * The identity form handlers behind /login and /agent: each parses its form
 * with zod (conform's parseWithZod through parseSubmission), calls the platform and answers with a
 * redirect (signed in) or the form's errors. Routes pick one by `intent`.
 */

/**
 * What an identity form answers when it does not redirect: conform's result (null for a
 * refused free play) and what goes with it. One shape for every handler; a route narrows
 * it to the parts its forms show (`Pick<IdentityReply, …>`).
 */
export interface IdentityReply {
  result: SubmissionResult<string[]> | null;
  /** A captcha to solve: after a failed login that asks for one, or another image. */
  captcha?: Captcha;
  /** The get-code button's countdown. */
  codeSent?: CodeRequestResult;
  /** Forced change: the change-password dialog opens instead of completing the login. */
  changePassword?: { ticket: string; reason: string };
  /** The forgot-by-email answer, the same whether the account exists or not. */
  notice?: string;
  freePlayError?: string;
  /** Issue 17: the self-exclusion has ended; the login form offers to ask for reopening. */
  reopenOffer?: boolean;
  /** ADR 34: the password was right and the member has an authenticator: the code step opens. */
  secondFactor?: { ticket: string; errors: string[] };
  /** The code step's ticket ran out: the login form again, with this message. */
  loginError?: string;
  /** ADR 37: a sign-in from a new IP and device: one more proof before any session. */
  stepUp?: StepUpState;
}
type Reply = Promise<TypedResponse<IdentityReply>>;

export interface IdentityRequest {
  request: Request;
  formData: FormData;
  brand: BrandConfig;
  t: TFunction;
}

export async function identityRequest(
  request: Request,
  formData: FormData,
  brand: BrandConfig,
): Promise<IdentityRequest> {
  return { request, formData, brand, t: await translatorFor(request) };
}

/** Where a signed-in user lands: agent-page logins go to /agentHome. */
const homeOf = (site: Site, redirectTo?: string) =>
  site === "agent" ? "/agentHome" : safeRedirectPath(redirectTo, "/");

export async function handleLogin(
  { request, formData, brand, t }: IdentityRequest,
  site: Site,
): Reply {
  const flags = identityFlags(brand);
  const required = t("identityError.login_required_fields");
  const common = {
    captchaId: z.string().max(64).optional(),
    captcha: z.string().max(12).optional(),
    // No remember option on the agent site: whatever is posted, the session is not remembered.
    remember: site === "agent" ? z.unknown().transform(() => false) : checkbox,
    redirectTo: z.string().max(500).optional(),
    // Issue 17: after a self-exclusion has ended, signing in with this ticked asks to reopen.
    reopen: checkbox,
  };
  const schema = z.discriminatedUnion("by", [
    z.object({
      by: z.literal("password"),
      username: requiredText(required, 64),
      password: requiredSecret(required),
      ...common,
    }),
    ...(flags.smsLogin && site === "member"
      ? [
          z.object({
            by: z.literal("sms"),
            ...mobileFields(brand, t),
            verificationCode: codeField(t),
            ...common,
          }),
        ]
      : []),
  ]);
  const submission = parseSubmission(formData, {
    schema: z.preprocess((value) => ({ by: "password", ...(value as object) }), schema),
  });
  const db = await getDb();
  if (submission.status !== "success") {
    // A captcha on screen stays on screen when only a field was missing.
    const shown = formData.get("captchaId");
    const captcha =
      typeof shown === "string" && shown
        ? await refreshCaptcha(db, shown, identityPolicy())
        : undefined;
    return formFailure(submission.reply({ hideFields: SECRET_FIELDS }), { captcha });
  }
  const form = submission.value;
  const input: LoginInput =
    form.by === "password"
      ? {
          method: "password",
          account: form.username,
          password: form.password,
          site,
          remember: form.remember,
          captchaId: form.captchaId,
          captcha: form.captcha,
          // Kept with a forced password change's ticket, so the change ends where the login would have.
          redirectTo: safeRedirectPath(form.redirectTo),
          reopen: form.reopen,
        }
      : {
          method: "sms",
          dialingCode: form.countryDialingCode,
          mobile: form.mobileNum,
          code: form.verificationCode,
          site,
          remember: form.remember,
          captchaId: form.captchaId,
          captcha: form.captcha,
          reopen: form.reopen,
        };
  // ADR 37: the device cookie goes with the session of a sign-in that passes (a new browser gets
  // one then); the authenticator step and the forced change do not set it.
  const device = await deviceFor(request);
  input.deviceId = device.deviceId;
  try {
    const outcome = await login(
      db,
      input,
      signInRules(brand),
      auditContext(request),
      identityPolicy(),
    );
    return signInReply(request, outcome, {
      result: submission.reply({ resetForm: true }),
      device,
      home: homeOf(site, form.redirectTo),
    });
  } catch (error) {
    const message = breakLoginMessage(error, t, brand.timeZone) ?? identityErrorMessage(error, t);
    const captcha: Captcha | undefined =
      error instanceof PlatformError && error.details.captcha
        ? await issueCaptcha(db, identityPolicy())
        : undefined;
    const reopenOffer =
      error instanceof PlatformError && error.code === "break_reopen_required" ? true : undefined;
    return formFailure(submission.reply({ formErrors: [message], hideFields: SECRET_FIELDS }), {
      captcha,
      reopenOffer,
    });
  }
}

/**
 * A proven sign-in's answer: the step-up or the authenticator code step opens before any
 * session, or the change-password dialog, or the session's cookies and a redirect to `home`
 * (a self-excluded member's cash-out session to its own page). The device cookie goes only
 * with a session (ADR 37).
 */
async function signInReply(
  request: Request,
  outcome: LoginOutcome,
  reply: {
    result: SubmissionResult<string[]>;
    device: Awaited<ReturnType<typeof deviceFor>>;
    home: string;
  },
): Reply {
  const { result } = reply;
  switch (outcome.kind) {
    case "step-up":
      return json({
        result,
        stepUp: {
          ticket: outcome.ticket,
          methods: outcome.methods,
          method: outcome.methods.length === 1 ? (outcome.methods[0] ?? null) : null,
          errors: [],
        },
      });
    case "change-password":
      return json({ result, changePassword: { ticket: outcome.ticket, reason: outcome.reason } });
    case "second-factor":
      return json({ result, secondFactor: { ticket: outcome.ticket, errors: [] } });
    case "session":
      return withDeviceCookie(
        await signedInRedirect(request, outcome.session, reply.home),
        request,
        reply.device,
      );
  }
}

/** The rules a sign-in is checked by: the brand's member types and security, and the expiry flag. */
const signInRules = (brand: BrandConfig) => ({
  ...brand,
  passwordExpiry: identityFlags(brand).passwordExpiry,
});

/** The code step of a login (ADR 34): a right code signs in where the login would have. */
export function handleLoginSecondFactor({ request, formData, t }: IdentityRequest, site: Site) {
  return handleSecondFactor(request, formData, t, site, (session, done) =>
    signedInRedirect(request, session, homeOf(done.site, done.redirectTo)),
  );
}

/** The new-IP step (ADR 37): a right answer signs in where the login would have. */
export function handleLoginStepUp({ request, formData, t }: IdentityRequest, site: Site) {
  return handleStepUp(request, formData, t, site, (session, done) =>
    signedInRedirect(request, session, homeOf(done.site, done.redirectTo)),
  );
}

/** Issue 17: a member on a break is told why and until when, in the brand's time zone. */
function breakLoginMessage(error: unknown, t: TFunction, timeZone: string): string | null {
  if (!(error instanceof PlatformError) || !error.code.startsWith("break_")) return null;
  const when = String(error.details.until ?? error.details.endedAt ?? "");
  return t(`protectionBreak.login.${error.code}`, {
    when: when ? breakTime(when, timeZone) : "",
  });
}

/** A new captcha at most once a second; sooner, the current one again. */
export async function handleCaptchaRefresh({ formData }: IdentityRequest): Reply {
  const previous = formData.get("captchaId");
  const captcha = await refreshCaptcha(
    await getDb(),
    typeof previous === "string" ? previous : undefined,
    identityPolicy(),
  );
  // Without JavaScript the page is rendered anew: hand back what was typed (never secrets).
  const initialValue = Object.fromEntries(
    [...formData.entries()].filter(
      ([name, value]) =>
        typeof value === "string" && !SECRET_FIELDS.includes(name) && name !== "intent",
    ),
  ) as Record<string, string>;
  return json({ captcha, result: { initialValue, status: undefined } });
}

/**
 * The get-code button of the SMS login and the phone reset. The code goes out
 * only when the number belongs to a member; the answer is the same either way.
 */
export async function handleSendCode(
  { request, formData, brand, t }: IdentityRequest,
  purpose: Extract<CodePurpose, "login" | "reset">,
): Reply {
  const submission = parseSubmission(formData, { schema: z.object(mobileFields(brand, t)) });
  if (submission.status !== "success")
    return formFailure(submission.reply({ hideFields: SECRET_FIELDS }));
  const db = await getDb();
  const { countryDialingCode: dialingCode, mobileNum: mobile } = submission.value;
  try {
    const member = await findMemberByMobile(db, dialingCode, mobile);
    const sent = await requestCode(
      db,
      sendersFor(db),
      {
        purpose,
        target: { channel: "sms", dialingCode, mobile },
        deliver: Boolean(member && member.status === "active"),
        memberId: member?.id,
      },
      auditContext(request),
      identityPolicy(),
    );
    return json({ result: submission.reply({ hideFields: SECRET_FIELDS }), codeSent: sent });
  } catch (error) {
    const refusal = codeRequestRefusal(error, t);
    return formFailure(
      submission.reply({ formErrors: [refusal.message], hideFields: SECRET_FIELDS }),
      {
        codeSent: refusal.codeSent ?? undefined,
      },
    );
  }
}

/** Forced change (default password, first login, expiry) and the e-mailed reset link: the ticket stands for the old password. */
export async function handleTicketPasswordChange({
  request,
  formData,
  brand,
  t,
}: IdentityRequest): Reply {
  const ticket = formData.get("ticket");
  const reason = formData.get("reason");
  const schema = confirmedPassword(
    {
      ticket: z.string().min(20).max(100),
      newPassword: newPasswordField(brand, t),
      confirmNewPassword: requiredSecret(t("validation.required")),
    },
    { password: "newPassword", confirmation: "confirmNewPassword" },
    t("validation.inconsistentTwice"),
  );
  const dialog = {
    ticket: typeof ticket === "string" ? ticket : "",
    reason: typeof reason === "string" ? reason : "",
  };
  const submission = parseSubmission(formData, { schema });
  if (submission.status !== "success")
    return formFailure(submission.reply({ hideFields: SECRET_FIELDS }), { changePassword: dialog });
  const device = await deviceFor(request);
  try {
    const { ticket: validTicket, newPassword } = submission.value;
    const done = await completePasswordChange(
      await getDb(),
      { ticket: validTicket, newPassword: newPassword!, deviceId: device.deviceId },
      signInRules(brand),
      auditContext(request),
      identityPolicy(),
    );
    return signInReply(request, done.outcome, {
      result: submission.reply({ resetForm: true }),
      device,
      home: homeOf(done.site, done.redirectTo),
    });
  } catch (error) {
    const message = breakLoginMessage(error, t, brand.timeZone) ?? identityErrorMessage(error, t);
    return formFailure(submission.reply({ formErrors: [message], hideFields: SECRET_FIELDS }), {
      changePassword: dialog,
    });
  }
}

/** Forgot password by e-mail: always the same `in_been_out` answer, account or not. */
export async function handleForgotByEmail({ request, formData, brand, t }: IdentityRequest): Reply {
  const schema = z.object({
    username: ruledField(brand, "username", t),
    email: ruledField(brand, "email", t),
  });
  const submission = parseSubmission(formData, { schema });
  if (submission.status !== "success") return formFailure(submission.reply());
  // The link in the mail is on the public origin: a forged Host header must not aim it elsewhere.
  const origin = getConfig().PUBLIC_URL;
  const db = await getDb();
  try {
    await requestPasswordResetEmail(
      db,
      sendersFor(db),
      {
        account: submission.value.username!,
        email: submission.value.email!,
        resetUrl: (ticket) => `${origin}/login?modal=reset&ticket=${encodeURIComponent(ticket)}`,
      },
      auditContext(request),
      identityPolicy(),
    );
  } catch (error) {
    return formFailure(submission.reply({ formErrors: [identityErrorMessage(error, t)] }));
  }
  return json({
    result: submission.reply({ resetForm: true }),
    notice: t("identityError.in_been_out"),
  });
}

/** Forgot password by phone: mobile, code and a new password; then signed in and sent to /. */
export async function handleForgotByPhone({ request, formData, brand, t }: IdentityRequest): Reply {
  const schema = confirmedPassword(
    {
      ...mobileFields(brand, t),
      verificationCode: codeField(t),
      newPassword: newPasswordField(brand, t),
      confirmNewPassword: requiredSecret(t("validation.required")),
    },
    { password: "newPassword", confirmation: "confirmNewPassword" },
    t("validation.inconsistentTwice"),
  );
  const submission = parseSubmission(formData, { schema });
  if (submission.status !== "success")
    return formFailure(submission.reply({ hideFields: SECRET_FIELDS }));
  const form = submission.value;
  const device = await deviceFor(request);
  try {
    const done = await resetByPhoneAndSignIn(
      await getDb(),
      {
        dialingCode: form.countryDialingCode,
        mobile: form.mobileNum,
        code: form.verificationCode,
        newPassword: form.newPassword!,
        deviceId: device.deviceId,
      },
      signInRules(brand),
      auditContext(request),
      identityPolicy(),
    );
    return signInReply(request, done.outcome, {
      result: submission.reply({ resetForm: true }),
      device,
      home: "/",
    });
  } catch (error) {
    const message = breakLoginMessage(error, t, brand.timeZone) ?? identityErrorMessage(error, t);
    const onCode = error instanceof PlatformError && error.code.includes("verification-code");
    return formFailure(
      submission.reply({
        ...(onCode ? { fieldErrors: { verificationCode: [message] } } : { formErrors: [message] }),
        hideFields: SECRET_FIELDS,
      }),
    );
  }
}

/** Free-play login: a new trial account (type 4) with demo credit, signed in at once. */
export async function handleFreePlay({ request, brand, t }: IdentityRequest): Reply {
  if (!identityFlags(brand).freePlay) throw notFound();
  const db = await getDb();
  try {
    const context = auditContext(request);
    const member = await createTrialAccount(db, brand, context, identityPolicy());
    const session = await createSession(
      db,
      { memberId: member.id, site: "member", remember: false, ...context },
      identityPolicy(),
    );
    return signedInRedirect(request, session, "/");
  } catch (error) {
    return json({ result: null, freePlayError: identityErrorMessage(error, t) }, { status: 429 });
  }
}
