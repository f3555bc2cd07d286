/** The security centre's phone and e-mail forms: the get-code button and the two bindings. */
import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import type { SecuritySection } from "~/components/member/security/section";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import { hasAuthenticator } from "~/platform/identity/authenticator.server";
import { bindEmail, bindMobile, sendBindingCode } from "~/platform/identity/contact-binding.server";
import type { IdentityProof } from "~/platform/identity/identity-proof.server";
import { sendersFor } from "~/platform/identity/outbox.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { auditContext } from "~/utils/auth.server";
import { parseSubmission } from "~/utils/form.server";
import { codeField, mobileFields, ruledField } from "~/utils/identity-schemas.server";
import { codeRequestRefusal, identityErrorMessage } from "~/utils/identity.server";
import { failure, HIDDEN_FIELDS, type Reply, type SecurityRequest } from "./__security-form.server";

const sendCodeSchema = (brand: BrandConfig, t: TFunction) =>
  z.discriminatedUnion("channel", [
    z.object({ channel: z.literal("sms"), ...mobileFields(brand, t) }),
    z.object({ channel: z.literal("email"), email: ruledField(brand, "email", t) }),
  ]);

/**
 * The proof beyond the session that a binding asks for: the login password, or, for a
 * member with an authenticator, either the password or a code from the app (or a recovery
 * code). With both filled in, the password is checked and the code left unused.
 */
function proofFields(t: TFunction) {
  const message = t("validation.required");
  const optional = z.preprocess(
    (value) => (typeof value === "string" && value.trim() ? value : undefined),
    z.string().max(200, { error: message }).optional(),
  );
  return { loginPassword: optional, authenticatorCode: optional };
}

/** Without a proof the form is refused on the password field, which every form starts with. */
function oneProof(t: TFunction, withAuthenticator: boolean) {
  return (form: { loginPassword?: string; authenticatorCode?: string }, ctx: z.RefinementCtx) => {
    if (form.loginPassword || (withAuthenticator && form.authenticatorCode)) return;
    ctx.addIssue({
      code: "custom",
      path: ["loginPassword"],
      message: withAuthenticator ? t("accountSafety.proofRequired") : t("validation.required"),
    });
  };
}

const bindPhoneSchema = (brand: BrandConfig, t: TFunction, withAuthenticator: boolean) =>
  z
    .object({ ...mobileFields(brand, t), verificationCode: codeField(t), ...proofFields(t) })
    .superRefine(oneProof(t, withAuthenticator));
const bindEmailSchema = (brand: BrandConfig, t: TFunction, withAuthenticator: boolean) =>
  z
    .object({
      email: ruledField(brand, "email", t),
      verificationCode: codeField(t),
      ...proofFields(t),
    })
    .superRefine(oneProof(t, withAuthenticator));

/** What the old number or address is told, in the language the member uses now. */
const changeNotice = (brand: BrandConfig, t: TFunction) => ({
  sms: t("accountSafety.notice.phoneSms", { brand: brand.name }),
  mailSubject: t("accountSafety.notice.emailSubject", { brand: brand.name }),
  mailText: t("accountSafety.notice.emailText", { brand: brand.name }),
});

/** The one place the form's fields become a proof (the schema made sure one is there). */
const proofOf = (form: { loginPassword?: string; authenticatorCode?: string }): IdentityProof =>
  form.loginPassword
    ? { kind: "password", password: form.loginPassword }
    : { kind: "authenticator", code: form.authenticatorCode ?? "" };

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
  if (code === "old_password_wrong")
    return { fieldErrors: { loginPassword: [t("accountSafety.passwordWrong")] } };
  const message = identityErrorMessage(error, t);
  if (code.startsWith("second_factor_")) return { fieldErrors: { authenticatorCode: [message] } };
  return CODE_ERRORS.has(code)
    ? { fieldErrors: { verificationCode: [message] } }
    : { formErrors: [message] };
}

/** The get-code button of both bind forms (the countdown and the throttle are the platform's). */
export async function sendCode({
  request,
  formData,
  viewer,
  db,
  brand,
  t,
}: SecurityRequest): Reply {
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

export async function bindPhone({
  request,
  formData,
  viewer,
  db,
  brand,
  t,
}: SecurityRequest): Reply {
  const withAuthenticator = await hasAuthenticator(db, viewer.member.id);
  const submission = parseSubmission(formData, {
    schema: bindPhoneSchema(brand, t, withAuthenticator),
  });
  if (submission.status !== "success")
    return failure("phone", submission.reply({ hideFields: HIDDEN_FIELDS }));
  const { countryDialingCode, mobileNum, verificationCode } = submission.value;
  try {
    await bindMobile(
      db,
      sendersFor(db),
      {
        memberId: viewer.member.id,
        sessionId: viewer.sessionId,
        proof: proofOf(submission.value),
        dialingCode: countryDialingCode,
        mobile: mobileNum,
        code: verificationCode,
        notice: changeNotice(brand, t),
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

export async function bindEmailAddress({
  request,
  formData,
  viewer,
  db,
  brand,
  t,
}: SecurityRequest): Reply {
  const withAuthenticator = await hasAuthenticator(db, viewer.member.id);
  const submission = parseSubmission(formData, {
    schema: bindEmailSchema(brand, t, withAuthenticator),
  });
  if (submission.status !== "success")
    return failure("email", submission.reply({ hideFields: HIDDEN_FIELDS }));
  const { email, verificationCode } = submission.value;
  try {
    await bindEmail(
      db,
      sendersFor(db),
      {
        memberId: viewer.member.id,
        sessionId: viewer.sessionId,
        proof: proofOf(submission.value),
        email: email!,
        code: verificationCode,
        notice: changeNotice(brand, t),
      },
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
