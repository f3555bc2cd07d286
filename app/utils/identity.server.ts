import { redirect } from "@remix-run/node";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import type { CodeRequestResult } from "~/platform/identity/codes.server";
import { CASH_OUT_PATH } from "~/platform/identity/constants";
import { identityPolicy } from "~/platform/identity/policy.server";
import type { NewSession } from "~/platform/identity/sessions.server";
import { isWhitelabelEnabled, type BrandConfig } from "~/platform/system/brand-config.server";
import { sessionCookieHeader } from "./session.server";

/** The whitelabel flags identity reads, by what they switch. */
export function identityFlags(brand: Pick<BrandConfig, "whitelabel">) {
  const on = (modId: string) => isWhitelabelEnabled(brand, modId);
  return {
    smsLogin: on("SMSLOGIN3"),
    passwordExpiry: on("PWDEXPIRY3"),
    freePlay: on("FREEPLAY3"),
    usernameRegistration: on("USERNAMEREG3"),
    // MOBILENUMPASSREG3 is mobile registration with a password; ours always asks for one.
    mobileRegistration: on("MOBILENUMREG3") || on("MOBILENUMPASSREG3"),
    mobileVerification: on("REGMOBVERF3"),
    changePasswordVerification: on("CHNGPASSVERIF3"),
  };
}
export type IdentityFlags = ReturnType<typeof identityFlags>;

/**
 * A platform failure as the user reads it: the translated catalogue
 * entry for its code. Anything else is a bug: logged, shown as "Unknown error".
 */
export function identityErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof PlatformError) {
    return t(`identityError.${error.code}`, {
      defaultValue: t("identityError.unknown"),
      ...error.details,
      // A suspension's reason arrives as its code: the member reads its label.
      ...(error.code === "account_suspended"
        ? { reason: t(`accountSuspension.reasons.${String(error.details.reason)}`) }
        : {}),
    });
  }
  throw error;
}

/**
 * A refused code request (its message is shown as a warning) and, while
 * the countdown runs, how long the get-code button must still wait.
 */
export function codeRequestRefusal(error: unknown, t: TFunction) {
  const message = identityErrorMessage(error, t);
  const retryAfterSeconds =
    error instanceof PlatformError ? Number(error.details.retryAfterSeconds ?? 0) : 0;
  const codeSent: CodeRequestResult | null =
    retryAfterSeconds > 0
      ? { status: "ignored", expiredMinutes: identityPolicy().smsCodeMinutes, retryAfterSeconds }
      : null;
  const throttled =
    error instanceof PlatformError &&
    (error.code === "sms_countdown" || error.code === "too-many-requests");
  return { message, retryAfterSeconds, codeSent, throttled };
}

/** Fields never echoed back into a re-rendered form. */
export const SECRET_FIELDS = [
  "password",
  "confirmPassword",
  "newPassword",
  "confirmNewPassword",
  "oldPassword",
  "paymentPassword",
  "captcha",
  "verificationCode",
  "authCode",
];

/**
 * Signs the browser in (sets the session cookie) and goes on; a reload never re-posts the form.
 * A self-excluded member's cash-out session opens the cash-out page alone, wherever the
 * sign-in was headed (ADR 49).
 */
export async function signedInRedirect(request: Request, session: NewSession, to: string) {
  return redirect(session.site === "cash_out" ? CASH_OUT_PATH : to, {
    headers: { "Set-Cookie": await sessionCookieHeader(request, session) },
  });
}
