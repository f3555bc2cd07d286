/**
 * The security centre's form handlers (change password, withdraw password, phone and
 * e-mail binding, profile): one per intent, dispatched by the route's action, as the
 * withdraw page dispatches to __withdraw-actions.server.ts.
 */
import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import type { CodeSent } from "~/components/identity/sms-code-button";
import type { SecuritySection } from "~/components/member/security/section";
import type { TFunction } from "~/i18n";
import type { Database } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import { bindEmail, bindMobile, sendBindingCode } from "~/platform/identity/contact-binding.server";
import { sendersFor } from "~/platform/identity/outbox.server";
import { changePassword } from "~/platform/identity/password-change.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { INCOME_SOURCES, updateProfile } from "~/platform/identity/profile.server";
import { birthdayProblem } from "~/platform/protection/age-birthday.server";
import { verifiedBirthday } from "~/platform/protection/age.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import {
  fieldRuleMessage,
  fieldRuleSchema,
  type FieldRule,
} from "~/platform/system/field-rules.server";
import {
  hasWithdrawPassword,
  setWithdrawPassword,
} from "~/platform/wallet/withdraw-password.server";
import { auditContext, type Viewer } from "~/utils/auth.server";
import { parseSubmission, formFailure } from "~/utils/form.server";
import {
  codeField,
  confirmedPassword,
  fieldRule,
  mobileFields,
  newPasswordField,
  requiredSecret,
  ruledField,
} from "~/utils/identity-schemas.server";
import { codeRequestRefusal, identityErrorMessage, SECRET_FIELDS } from "~/utils/identity.server";
import { walletErrorMessage } from "~/utils/wallet.server";

/** Never sent back into a re-rendered form, on top of the identity forms' secrets. */
const HIDDEN_FIELDS = [
  ...SECRET_FIELDS,
  "loginPassword",
  "oldWithdrawPassword",
  "newWithdrawPassword",
  "confirmWithdrawPassword",
];

/** A brand without a paymentPassword rule gets the usual one: 6 digits. */
const PAYMENT_PASSWORD_RULE: FieldRule = {
  acceptedPattern: "^\\d*$",
  minLength: 6,
  maxLength: 6,
  patternId: "P07",
  enabled: true,
  required: true,
};
export const withdrawPasswordRule = (brand: BrandConfig) =>
  fieldRule(brand, "paymentPassword") ?? PAYMENT_PASSWORD_RULE;

export interface SecurityRequest {
  request: Request;
  formData: FormData;
  viewer: Viewer;
  db: Database;
  brand: BrandConfig;
  t: TFunction;
}

/**
 * What a form of the page answers when it does not redirect: the section it belongs to (so
 * only that form shows the errors and values), conform's result, and the get-code
 * button's countdown when the answer has one.
 */
export type SecurityReply = {
  section: SecuritySection;
  result: SubmissionResult<string[]>;
  codeSent: CodeSent | null;
};
export type Reply = Promise<TypedResponse<SecurityReply>>;

/** A 400 naming its section, so only that form shows the errors and values. */
const failure = (
  section: SecuritySection,
  result: SubmissionResult<string[]>,
  codeSent?: CodeSent | null,
) => formFailure(result, { section, codeSent: codeSent ?? null });

/* ---------- Login password (change password) ---------- */

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

async function changeLoginPassword({
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

/* ---------- Withdraw password ---------- */

/** Taken as typed: the brand's paymentPassword rule, and no stray spaces that the rule's trimming would hide. */
function newWithdrawPasswordField(brand: BrandConfig, t: TFunction) {
  const rule = withdrawPasswordRule(brand);
  const message = fieldRuleMessage(rule, t);
  return z
    .string({ error: message })
    .refine((value) => value === value.trim(), { error: message, abort: true })
    .pipe(fieldRuleSchema(rule, t, { required: true }) as z.ZodType<string, string>);
}

/** Set the first time (proven by the login password) or change (proven by the current withdraw password). */
const withdrawPasswordSchema = (brand: BrandConfig, t: TFunction, isSet: boolean) => {
  const required = requiredSecret(t("validation.required"));
  return confirmedPassword(
    {
      ...(isSet ? { oldWithdrawPassword: required } : { loginPassword: required }),
      newWithdrawPassword: newWithdrawPasswordField(brand, t),
      confirmWithdrawPassword: required,
    },
    { password: "newWithdrawPassword", confirmation: "confirmWithdrawPassword" },
    t("validation.confirmNewPassword"),
  );
};

/** Which field a refused proof belongs to. */
const WITHDRAW_PROOF_FIELDS: Record<string, string> = {
  old_password_wrong: "loginPassword",
  withdraw_password_wrong: "oldWithdrawPassword",
};

async function saveWithdrawPassword({
  request,
  formData,
  viewer,
  db,
  brand,
  t,
}: SecurityRequest): Reply {
  const memberId = viewer.member.id;
  // The server decides which proof is due, whatever the page showed.
  const isSet = await hasWithdrawPassword(db, memberId);
  const submission = parseSubmission(formData, { schema: withdrawPasswordSchema(brand, t, isSet) });
  if (submission.status !== "success")
    return failure("withdraw-password", submission.reply({ hideFields: HIDDEN_FIELDS }));
  const form = submission.value;
  try {
    await setWithdrawPassword(
      db,
      {
        memberId,
        // The first one is proven by the login password, a change by the current one.
        loginPassword: "loginPassword" in form ? form.loginPassword : undefined,
        currentWithdrawPassword:
          "oldWithdrawPassword" in form ? form.oldWithdrawPassword : undefined,
        newWithdrawPassword: form.newWithdrawPassword,
      },
      auditContext(request),
    );
  } catch (error) {
    const message = walletErrorMessage(error, t, brand);
    const field = error instanceof PlatformError ? WITHDRAW_PROOF_FIELDS[error.code] : undefined;
    return failure(
      "withdraw-password",
      submission.reply({
        ...(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
        hideFields: HIDDEN_FIELDS,
      }),
    );
  }
  return redirect("/member/security?done=withdraw-password#withdraw-password");
}

/* ---------- Bind a mobile number or an e-mail address ---------- */

const sendCodeSchema = (brand: BrandConfig, t: TFunction) =>
  z.discriminatedUnion("channel", [
    z.object({ channel: z.literal("sms"), ...mobileFields(brand, t) }),
    z.object({ channel: z.literal("email"), email: ruledField(brand, "email", t) }),
  ]);

const bindPhoneSchema = (brand: BrandConfig, t: TFunction) =>
  z.object({ ...mobileFields(brand, t), verificationCode: codeField(t) });
const bindEmailSchema = (brand: BrandConfig, t: TFunction) =>
  z.object({ email: ruledField(brand, "email", t), verificationCode: codeField(t) });

const CODE_ERRORS = new Set([
  "invalid-verification-code",
  "missing-verification-code",
  "code-expired",
]);

/** A refused binding on the field it concerns: the number or address (taken), the code, or the whole form. */
function bindingError(
  error: unknown,
  t: TFunction,
): { fieldErrors?: Record<string, string[]>; formErrors?: string[] } {
  const code = error instanceof PlatformError ? error.code : "";
  if (code === "mobile_taken")
    return { fieldErrors: { mobileNum: [t("security.bind.mobileTaken")] } };
  if (code === "email_taken") return { fieldErrors: { email: [t("security.bind.emailTaken")] } };
  const message = identityErrorMessage(error, t);
  return CODE_ERRORS.has(code)
    ? { fieldErrors: { verificationCode: [message] } }
    : { formErrors: [message] };
}

/** The get-code button of both bind forms (the countdown and the throttle are the platform's). */
async function sendCode({ request, formData, viewer, db, brand, t }: SecurityRequest): Reply {
  const section: SecuritySection = formData.get("channel") === "email" ? "email" : "phone";
  const submission = parseSubmission(formData, { schema: sendCodeSchema(brand, t) });
  if (submission.status !== "success")
    return failure(section, submission.reply({ hideFields: HIDDEN_FIELDS }));
  const form = submission.value;
  const target =
    form.channel === "sms"
      ? { channel: "sms" as const, dialingCode: form.countryDialingCode, mobile: form.mobileNum }
      : { channel: "email" as const, email: form.email! };
  try {
    const codeSent = await sendBindingCode(
      db,
      sendersFor(db),
      { memberId: viewer.member.id, target },
      auditContext(request),
      identityPolicy(),
    );
    return json({ section, result: submission.reply({ hideFields: HIDDEN_FIELDS }), codeSent });
  } catch (error) {
    if (
      error instanceof PlatformError &&
      (error.code === "mobile_taken" || error.code === "email_taken")
    ) {
      return failure(
        section,
        submission.reply({ ...bindingError(error, t), hideFields: HIDDEN_FIELDS }),
      );
    }
    const refusal = codeRequestRefusal(error, t);
    return failure(
      section,
      submission.reply({ formErrors: [refusal.message], hideFields: HIDDEN_FIELDS }),
      refusal.codeSent,
    );
  }
}

async function bindPhone({ request, formData, viewer, db, brand, t }: SecurityRequest): Reply {
  const submission = parseSubmission(formData, { schema: bindPhoneSchema(brand, t) });
  if (submission.status !== "success")
    return failure("phone", submission.reply({ hideFields: HIDDEN_FIELDS }));
  const { countryDialingCode, mobileNum, verificationCode } = submission.value;
  try {
    await bindMobile(
      db,
      {
        memberId: viewer.member.id,
        dialingCode: countryDialingCode,
        mobile: mobileNum,
        code: verificationCode,
      },
      auditContext(request),
      identityPolicy(),
    );
  } catch (error) {
    return failure(
      "phone",
      submission.reply({ ...bindingError(error, t), hideFields: HIDDEN_FIELDS }),
    );
  }
  return redirect("/member/security?done=phone#bind-phone");
}

async function bindEmailAddress({
  request,
  formData,
  viewer,
  db,
  brand,
  t,
}: SecurityRequest): Reply {
  const submission = parseSubmission(formData, { schema: bindEmailSchema(brand, t) });
  if (submission.status !== "success")
    return failure("email", submission.reply({ hideFields: HIDDEN_FIELDS }));
  const { email, verificationCode } = submission.value;
  try {
    await bindEmail(
      db,
      { memberId: viewer.member.id, email: email!, code: verificationCode },
      auditContext(request),
      identityPolicy(),
    );
  } catch (error) {
    return failure(
      "email",
      submission.reply({ ...bindingError(error, t), hideFields: HIDDEN_FIELDS }),
    );
  }
  return redirect("/member/security?done=email#bind-email");
}

/* ---------- Profile (further profile fields) ---------- */

/**
 * Optional text: trimmed, inner runs of spaces collapsed; empty means "remove".
 * Otherwise `check` names what is wrong with it (a message) or passes it (null).
 */
function optionalText(check: (value: string) => string | null) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = raw?.trim().replace(/\s+/g, " ") ?? "";
      if (value === "") return undefined;
      const message = check(value);
      if (message !== null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return value;
    });
}

/** A field whose one rule has one message. */
const ruledText = (message: string, test: (value: string) => boolean) =>
  optionalText((value) => (test(value) ? null : message));

const lengthIn = (value: string, min: number, max: number) =>
  [...value].length >= min && [...value].length <= max;
const LETTERS_AND_SPACES = /^[\p{L}\p{M}]+(?: [\p{L}\p{M}]+)*$/u;
const PHONE = /^\+?\d{6,15}$/;

/** yyyy-MM-dd, a real day from 1900 on, and a member of 18 or more today (the one rule, shared with registration). */
function birthdayField(t: TFunction, timeZone: string) {
  return optionalText((value) => {
    const problem = birthdayProblem(value, timeZone);
    if (problem === "birthday_invalid") return t("security.profile.error.birthday");
    return problem ? t("security.profile.error.underage") : null;
  });
}

const profileSchema = (t: TFunction, timeZone: string) => {
  const error = (name: string) => t(`security.profile.error.${name}`);
  return z.object({
    nickname: ruledText(
      error("nickname"),
      (v) => lengthIn(v, 2, 20) && /^[\p{L}\p{M}\p{N}_ .-]+$/u.test(v),
    ),
    realName: ruledText(error("realName"), (v) => lengthIn(v, 2, 50) && LETTERS_AND_SPACES.test(v)),
    fullName: ruledText(
      error("fullName"),
      (v) => lengthIn(v, 2, 100) && LETTERS_AND_SPACES.test(v),
    ),
    telegram: ruledText(
      error("telegram"),
      (v) => /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/.test(v) || PHONE.test(v),
    ),
    zalo: ruledText(error("phone"), (v) => PHONE.test(v)),
    birthday: birthdayField(t, timeZone),
    address: ruledText(error("address"), (v) => lengthIn(v, 2, 200) && !/\p{C}/u.test(v)),
    nationality: ruledText(
      error("nationality"),
      (v) => lengthIn(v, 2, 50) && LETTERS_AND_SPACES.test(v),
    ),
    occupation: ruledText(
      error("occupation"),
      (v) => lengthIn(v, 2, 50) && /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} &/,.'-]*$/u.test(v),
    ),
    sourceOfIncome: ruledText(error("sourceOfIncome"), (v) =>
      (INCOME_SOURCES as readonly string[]).includes(v),
    ),
  });
};

async function saveProfile({ request, formData, viewer, db, brand, t }: SecurityRequest): Reply {
  const submission = parseSubmission(formData, { schema: profileSchema(t, brand.timeZone) });
  if (submission.status !== "success") return failure("profile", submission.reply());
  const { nickname, ...fields } = submission.value;
  // Issue 17: a verified birthday is the operator's, whatever the form posts.
  const verified = await verifiedBirthday(db, viewer.member.id);
  if (verified) fields.birthday = verified;
  await updateProfile(db, { memberId: viewer.member.id, nickname, fields }, auditContext(request));
  return redirect("/member/security?done=profile#profile");
}

export const SECURITY_INTENTS: Record<string, (input: SecurityRequest) => Reply> = {
  "change-password": changeLoginPassword,
  "withdraw-password": saveWithdrawPassword,
  "send-code": sendCode,
  "bind-phone": bindPhone,
  "bind-email": bindEmailAddress,
  profile: saveProfile,
};
