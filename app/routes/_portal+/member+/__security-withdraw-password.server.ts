/** The security centre's withdraw-password form: set the first time, changed later. */
import { redirect } from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
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
import { auditContext } from "~/utils/auth.server";
import { parseSubmission } from "~/utils/form.server";
import { confirmedPassword, fieldRule, requiredSecret } from "~/utils/identity-schemas.server";
import { walletErrorMessage } from "~/utils/wallet.server";
import { failure, HIDDEN_FIELDS, type Reply, type SecurityRequest } from "./__security-form.server";
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

export async function saveWithdrawPassword({
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
