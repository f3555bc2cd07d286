import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import { birthdayProblem } from "~/platform/protection/age-birthday.server";
import {
  PROFILE_FIELDS,
  type ProfileField,
  type Registration,
} from "~/platform/registration/registration.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { countriesFor, type Country } from "~/platform/system/countries";
import { fieldRuleSchema } from "~/platform/system/field-rules.server";
import {
  checkbox,
  codeField,
  fieldRule,
  mobileFields,
  newPasswordField,
  requiredSecret,
  ruledField,
} from "~/utils/identity-schemas.server";
import { identityFlags } from "~/utils/identity.server";

/**
 * The registration form, built per request from the brand's
 * whitelabel flags and field rules: which mode (username or mobile), which
 * optional fields are shown, which of them are required, and the zod schema
 * that checks a posted form against exactly that.
 */

export type RegisterMode = "username" | "mobile";

/** Optional fields, in the order the form shows them (mobileNum is handled apart). */
export const OPTIONAL_FIELDS = [
  "email",
  "payeeName",
  "paymentPassword",
  "whatsapp",
  "line",
  "facebook",
  "wechat",
  "qqNum",
  "idNumber",
  "recommenderId",
  "affiliateCode",
  "birthday",
] as const;
export type OptionalField = (typeof OPTIONAL_FIELDS)[number];

export interface RegisterSetup {
  mode: RegisterMode;
  /** The modes the flags enable, username first (the default). */
  modes: RegisterMode[];
  /** Optional fields whose rule is enabled, with whether the rule makes them required. */
  optional: { name: OptionalField; required: boolean }[];
  /** The mobile number (with its dialing code): always in mobile mode, per its rule in username mode. */
  mobile: { shown: boolean; required: boolean };
  /** REGMOBVERF3: a shown mobile number is proven with an SMS code. */
  verification: boolean;
  countries: Country[];
}

/** Registration type: USERNAMEREG3 → username; MOBILENUMREG3 / MOBILENUMPASSREG3 → mobile. */
export function registerModes(brand: BrandConfig): RegisterMode[] {
  const flags = identityFlags(brand);
  return [
    ...(flags.usernameRegistration ? (["username"] as const) : []),
    ...(flags.mobileRegistration ? (["mobile"] as const) : []),
  ];
}

/** The form for a requested mode (an unknown or disabled one gives the first enabled); null when registration is off. */
export function registerSetup(
  brand: BrandConfig,
  requestedMode: string | null,
): RegisterSetup | null {
  const modes = registerModes(brand);
  const mode = modes.find((candidate) => candidate === requestedMode) ?? modes[0];
  if (!mode) return null;
  const mobileRule = fieldRule(brand, "mobileNum");
  const mobile =
    mode === "mobile"
      ? { shown: true, required: true }
      : {
          shown: Boolean(mobileRule?.enabled),
          required: Boolean(mobileRule?.enabled && mobileRule.required),
        };
  const optional = OPTIONAL_FIELDS.flatMap((name) => {
    const rule = brand.registerFieldRules[name];
    return rule?.enabled ? [{ name, required: rule.required }] : [];
  });
  return {
    mode,
    modes,
    optional,
    mobile,
    verification: mobile.shown && identityFlags(brand).mobileVerification,
    countries: countriesFor(brand.countries),
  };
}

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

/** A referral link's code when the brand shows no affiliate input: carried in a hidden field, checked by the platform. */
const hiddenAffiliateCode = (t: TFunction) =>
  z
    .string()
    .trim()
    .max(32, { error: t("identityError.invitation_code_error") })
    .regex(/^[A-Za-z0-9]*$/, { error: t("identityError.invitation_code_error") })
    .optional()
    .transform((value) => value || undefined);

/**
 * The `register` intent. Cross-field rules are decided from the raw form (the
 * schema is built per request anyway), so each message appears at once, next
 * to its own field, whatever else is wrong: the confirmation against the
 * password as typed, and the SMS code only once a mobile number is entered.
 */
export function registerSchema(
  brand: BrandConfig,
  setup: RegisterSetup,
  t: TFunction,
  formData: FormData,
) {
  const shape: Record<string, z.ZodType> = {
    password: newPasswordField(brand, t),
    confirmPassword: requiredSecret(t("validation.required")).refine(
      (value) => value === text(formData, "password"),
      {
        error: t("validation.inconsistentTwice"),
      },
    ),
    terms: checkbox.refine((ticked) => ticked, { error: t("register.termsRequired") }),
  };
  if (setup.mode === "username") shape.username = ruledField(brand, "username", t);

  const mobileGiven =
    setup.mobile.shown && (setup.mobile.required || text(formData, "mobileNum").trim() !== "");
  if (mobileGiven) {
    Object.assign(shape, mobileFields(brand, t));
    if (setup.verification) shape.verificationCode = codeField(t);
  }

  for (const { name, required } of setup.optional) {
    shape[name] =
      name === "birthday"
        ? birthdayField(brand, t, required)
        : fieldRuleSchema(fieldRule(brand, name)!, t);
  }
  if (!setup.optional.some((field) => field.name === "affiliateCode"))
    shape.affiliateCode = hiddenAffiliateCode(t);
  // A friend's referral code (a link's ?ref= or typed): the platform says whether a member has it.
  shape.referralCode = hiddenAffiliateCode(t);

  return z.object(shape);
}

/** Issue 17: the brand's birthday field gives an adult today, by the rule the security centre uses too. */
const birthdayField = (brand: BrandConfig, t: TFunction, required: boolean) =>
  z
    .string()
    .trim()
    .optional()
    .superRefine((value, ctx) => {
      if (!value) {
        if (required) ctx.addIssue({ code: "custom", message: t("validation.required") });
        return;
      }
      const problem = birthdayProblem(value, brand.timeZone);
      if (problem) ctx.addIssue({ code: "custom", message: t(`ageCheck.error.${problem}`) });
    })
    .transform((value) => value || undefined);

/** The `send-code` intent needs only the number: the rest of the form may still be empty. */
export function sendCodeSchema(brand: BrandConfig, t: TFunction) {
  return z.object(mobileFields(brand, t));
}

const optionalString = (value: unknown) =>
  typeof value === "string" && value !== "" ? value : undefined;

/** The platform's registration input from a valid form. */
export function registrationInput(
  setup: RegisterSetup,
  value: Record<string, unknown>,
): Registration {
  const mobile = optionalString(value.mobileNum);
  const profile: Partial<Record<ProfileField, string>> = {};
  for (const name of PROFILE_FIELDS) {
    const field = optionalString(value[name]);
    if (field) profile[name] = field;
  }
  return {
    mode: setup.mode,
    account: setup.mode === "mobile" ? (mobile ?? "") : String(value.username ?? ""),
    password: String(value.password ?? ""),
    dialingCode: mobile ? optionalString(value.countryDialingCode) : undefined,
    mobile,
    verificationCode: optionalString(value.verificationCode),
    email: optionalString(value.email),
    affiliateCode: optionalString(value.affiliateCode),
    referralCode: optionalString(value.referralCode),
    paymentPassword: optionalString(value.paymentPassword),
    profile,
  };
}

/** Which field a platform failure belongs to; null for the form as a whole. */
export function fieldOfError(
  code: string,
  setup: RegisterSetup,
  details: Record<string, unknown> = {},
): string | null {
  if (details.field === "referralCode") return "referralCode";
  switch (code) {
    case "invitation_code_error":
      return setup.optional.some((field) => field.name === "affiliateCode")
        ? "affiliateCode"
        : null;
    case "account_taken":
      return setup.mode === "mobile" ? "mobileNum" : "username";
    case "mobile_taken":
    case "invalid-phone-number":
    case "missing-phone-number":
      return setup.mobile.shown ? "mobileNum" : null;
    case "invalid-verification-code":
    case "missing-verification-code":
    case "code-expired":
      return setup.verification ? "verificationCode" : null;
    default:
      return null;
  }
}
