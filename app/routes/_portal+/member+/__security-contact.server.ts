/** The security centre's phone and e-mail forms: the get-code button and the two bindings. */
import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import type { SecuritySection } from "~/components/member/security/section";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import { bindEmail, bindMobile, sendBindingCode } from "~/platform/identity/contact-binding.server";
import type { IdentityProof } from "~/platform/identity/identity-proof.server";
import { sendersFor } from "~/platform/identity/outbox.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { auditContext } from "~/utils/auth.server";
import { parseSubmission } from "~/utils/form.server";
import {
  codeField,
  mobileFields,
  requiredSecret,
  ruledField,
} from "~/utils/identity-schemas.server";
import { codeRequestRefusal, identityErrorMessage } from "~/utils/identity.server";
import { failure, HIDDEN_FIELDS, type Reply, type SecurityRequest } from "./__security-form.server";

const sendCodeSchema = (brand: BrandConfig, t: TFunction) =>
  z.discriminatedUnion("channel", [
    z.object({ channel: z.literal("sms"), ...mobileFields(brand, t) }),
    z.object({ channel: z.literal("email"), email: ruledField(brand, "email", t) }),
  ]);

/** The login password: the proof beyond the session that a binding asks for. */
const proofField = (t: TFunction) => requiredSecret(t("validation.required"));

const bindPhoneSchema = (brand: BrandConfig, t: TFunction) =>
  z.object({
    ...mobileFields(brand, t),
    verificationCode: codeField(t),
    loginPassword: proofField(t),
  });
const bindEmailSchema = (brand: BrandConfig, t: TFunction) =>
  z.object({
    email: ruledField(brand, "email", t),
    verificationCode: codeField(t),
    loginPassword: proofField(t),
  });

/** What the old number or address is told, in the language the member uses now. */
const changeNotice = (brand: BrandConfig, t: TFunction) => ({
  sms: t("accountSafety.notice.phoneSms", { brand: brand.name }),
  mailSubject: t("accountSafety.notice.emailSubject", { brand: brand.name }),
  mailText: t("accountSafety.notice.emailText", { brand: brand.name }),
});

/**
 * The proof a binding carries. The authenticator code, once it exists, is the other kind
 * (`IdentityProof`); this is the one place the form's fields become a proof.
 */
const proofOf = (form: { loginPassword: string }): IdentityProof => ({
  kind: "password",
  password: form.loginPassword,
});

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
  const submission = parseSubmission(formData, { schema: bindPhoneSchema(brand, t) });
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
  const submission = parseSubmission(formData, { schema: bindEmailSchema(brand, t) });
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
