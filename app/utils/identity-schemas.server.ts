import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
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
const FALLBACK_RULES: Record<"username" | "password" | "mobileNum" | "email", FieldRule> = {
  username: {
    acceptedPattern: "^[A-Za-z][A-Za-z0-9]*$",
    minLength: 4,
    maxLength: 16,
    patternId: "P02",
    enabled: true,
    required: true,
  },
  password: {
    acceptedPattern: "*",
    minLength: 6,
    maxLength: 20,
    patternId: "P01",
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

export function fieldRule(brand: BrandConfig, name: string): FieldRule | undefined {
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
 * A new password, as typed: it must pass the brand's password rule and carry
 * no leading or trailing space. The rule check trims, and the password stored
 * (and later compared untrimmed at login) must be exactly the one checked.
 */
export function newPasswordField(brand: BrandConfig, t: TFunction) {
  const rule = fieldRule(brand, "password")!;
  const message = fieldRuleMessage(rule, t);
  return z
    .string({ error: message })
    .refine((value) => value === value.trim(), { error: message, abort: true })
    .pipe(fieldRuleSchema(rule, t, { required: true }) as z.ZodType<string, string>);
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
