import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
} from "~/platform/identity/password-rule.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { countriesFor, isDialingCode } from "~/platform/system/countries";
import {
  fieldRuleMessage,
  fieldRuleSchema,
  type FieldRule,
} from "~/platform/system/field-rules.server";

/**
 * Field schemas shared by the identity forms (login, registration, forgot and
 * change password), built per request from the brand's field rules and
 * with messages in the request's language.
 */

// Used when a brand file leaves a rule out: the spec's own minimums.
const FALLBACK_RULES: Record<"username" | "mobileNum" | "email", FieldRule> = {
  username: {
    acceptedPattern: "^[A-Za-z][A-Za-z0-9]*$",
    minLength: 4,
    maxLength: 16,
    patternId: "P02",
    enabled: true,
    required: true,
  },
  mobileNum: {
    acceptedPattern: "^\\d*$",
    minLength: 6,
    maxLength: 15,
    patternId: "P07",
    enabled: true,
    required: false,
  },
  email: {
    acceptedPattern: "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$",
    minLength: 5,
    maxLength: 64,
    patternId: "P04",
    enabled: true,
    required: false,
  },
};

/**
 * The password's bounds as a field rule, for hints and messages: the platform's
 * rule, whatever a brand file says (a brand cannot make passwords shorter or
 * forbid characters; ADR 35).
 */
export const PASSWORD_FIELD_RULE: FieldRule = {
  acceptedPattern: "*",
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  patternId: "P01",
  enabled: true,
  required: true,
};

export function fieldRule(brand: BrandConfig, name: string): FieldRule | undefined {
  if (name === "password") return PASSWORD_FIELD_RULE;
  return brand.registerFieldRules[name] ?? FALLBACK_RULES[name as keyof typeof FALLBACK_RULES];
}

/** A required field under its brand rule (username, password, …). */
export function ruledField(
  brand: BrandConfig,
  name: keyof typeof FALLBACK_RULES,
  t: TFunction,
  required?: true,
): z.ZodType<string, string | undefined>;
export function ruledField(
  brand: BrandConfig,
  name: keyof typeof FALLBACK_RULES,
  t: TFunction,
  required: boolean,
): z.ZodType<string | undefined, string | undefined>;
export function ruledField(
  brand: BrandConfig,
  name: keyof typeof FALLBACK_RULES,
  t: TFunction,
  required = true,
) {
  return fieldRuleSchema(fieldRule(brand, name)!, t, { required });
}

/**
 * A new password, as typed (never trimmed: every character counts), under the
 * platform's password rule: 8 to 64 characters, not common or guessable.
 * `related` are words it must not lean on (the brand's name is always one).
 */
export function newPasswordField(brand: BrandConfig, t: TFunction, related: string[] = []) {
  const lengthMessage = fieldRuleMessage(PASSWORD_FIELD_RULE, t);
  return z.string({ error: lengthMessage }).superRefine((value, ctx) => {
    const problem = passwordProblem(value, [brand.name, brand.merchantCode, ...related]);
    if (problem === "length") ctx.addIssue({ code: "custom", message: lengthMessage });
    else if (problem === "guessable")
      ctx.addIssue({ code: "custom", message: t("passwordRule.guessable") });
  });
}

/** Trimmed text that must be present (values are trimmed), with the given message. */
export function requiredText(message: string, max = 200) {
  return z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z.string({ error: message }).min(1, { error: message }).max(max, { error: message }),
  );
}

/** Passwords are taken as typed (no trimming), only required and bounded. */
export function requiredSecret(message: string) {
  return z.string({ error: message }).min(1, { error: message }).max(200, { error: message });
}

/** The dialing code (from the brand's country list) and the mobile number (a valid phone number). */
export function mobileFields(brand: BrandConfig, t: TFunction) {
  const countries = countriesFor(brand.countries);
  const rule = fieldRule(brand, "mobileNum")!;
  const message = t("validation.mobile");
  return {
    countryDialingCode: z
      .string({ error: message })
      .refine((value) => isDialingCode(value, countries), { error: message }),
    mobileNum: fieldRuleSchema({ ...rule, patternId: rule.patternId }, t, { required: true }).pipe(
      z.string().regex(/^\d+$/, { error: message }),
    ),
  };
}

export function codeField(t: TFunction) {
  const message = t("validation.code");
  return z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z.string({ error: message }).regex(/^\d{4,8}$/, { error: message }),
  );
}

/** A new password and its confirmation (messages: 'inconsistent twice' / 'Confirmation password is not correct.'). */
export function confirmedPassword<Shape extends z.ZodRawShape>(
  shape: Shape,
  fields: { password: keyof Shape & string; confirmation: keyof Shape & string },
  message: string,
) {
  return z.object(shape).superRefine((value, ctx) => {
    const record = value as Record<string, unknown>;
    if (record[fields.password] !== record[fields.confirmation]) {
      ctx.addIssue({ code: "custom", path: [fields.confirmation], message });
    }
  });
}

export const checkbox = z.preprocess((value) => value === "on" || value === "true", z.boolean());
