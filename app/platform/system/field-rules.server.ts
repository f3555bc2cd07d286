import * as z from "zod/v4";
import type { TFunction } from "~/i18n";

/**
 * Registration field rules, checked on the server. A brand's
 * `registerFieldRules` names, per field, an accepted pattern, length bounds and
 * a patternId that picks the translated message `fieldRule.<patternId>`.
 *
 * The patterns below are reference sources for each message kind: what an
 * operator can copy into a brand file, and what the tests check the kinds
 * against. They are compiled with the `u` flag, so `\d` is ASCII-only and
 * `\p{…}` classes work.
 */
export const PATTERN_KINDS = {
  P01: { kind: "any characters", pattern: "^[\\s\\S]*$" },
  P02: {
    kind: "first character a letter, then letters and digits",
    pattern: "^[A-Za-z][A-Za-z0-9]*$",
  },
  P03: { kind: "Chinese characters and digits", pattern: "^[\\p{Script=Han}0-9]*$" },
  P04: { kind: "e-mail format", pattern: "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$" },
  P05: { kind: "alphanumeric without special characters", pattern: "^[A-Za-z0-9]*$" },
  P06: {
    kind: "letters and digits combined (must contain both)",
    pattern: "^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z\\d]*$",
  },
  P07: { kind: "digits only", pattern: "^\\d*$" },
  P08: {
    kind: "alphanumeric with at least one uppercase letter",
    pattern: "^(?=.*[A-Z])[A-Za-z0-9]*$",
  },
  P09: { kind: "English letters and spaces only", pattern: "^[A-Za-z ]*$" },
  P10: { kind: "no spaces", pattern: "^\\S*$" },
  P11: { kind: "Chinese characters and punctuation", pattern: "^[\\p{Script=Han}\\p{P}]*$" },
  P12: {
    kind: "date yyyy-MM-dd or MM-dd-yyyy",
    pattern:
      "^(?:\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])|(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])-\\d{4})$",
  },
  // Marks (\p{M}) too: Thai, Hindi and many other scripts write vowels as combining marks.
  P13: { kind: "letters and spaces (any script)", pattern: "^[\\p{L}\\p{M} ]*$" },
  P14: { kind: "Korean only", pattern: "^\\p{Script=Hangul}*$" },
  P15: { kind: "Thai only", pattern: "^\\p{Script=Thai}*$" },
  P16: { kind: "Thai or English with spaces", pattern: "^[\\p{Script=Thai}A-Za-z ]*$" },
  P17: { kind: "uppercase and spaces with at least one letter", pattern: "^(?=.*[A-Z])[A-Z ]*$" },
  P18: { kind: "letters, digits and symbols", pattern: "^[\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}]*$" },
} as const satisfies Record<string, { kind: string; pattern: string }>;

export type PatternId = keyof typeof PATTERN_KINDS;

/** One entry of a brand's `registerFieldRules` (same shape as the brand schema's). */
export interface FieldRule {
  acceptedPattern: string;
  minLength: number;
  maxLength: number;
  patternId: string;
  enabled: boolean;
  required: boolean;
}

const isPatternId = (id: string): id is PatternId => Object.hasOwn(PATTERN_KINDS, id);

/**
 * `'*'` gives null (anything goes). Throws a SyntaxError when the source does
 * not compile at all, so a broken brand file fails at start-up instead of
 * silently accepting everything.
 */
export function compileAcceptedPattern(pattern: string): RegExp | null {
  if (pattern === "*") return null;
  // Always wrapping is harmless for `^…$` sources and also pins down ones that
  // only look anchored, such as `^a|b$`.
  const anchored = `^(?:${pattern})$`;
  try {
    return new RegExp(anchored, "u");
  } catch {
    // Sources written for the legacy syntax, e.g. a needless escape such as `\_`.
    return new RegExp(anchored);
  }
}

export function fieldRuleRange(rule: Pick<FieldRule, "minLength" | "maxLength">): string {
  return rule.minLength === rule.maxLength
    ? `${rule.minLength}`
    : `${rule.minLength}-${rule.maxLength}`;
}

export function fieldRuleMessage(
  rule: Pick<FieldRule, "patternId" | "minLength" | "maxLength">,
  t: TFunction,
): string {
  const range = fieldRuleRange(rule);
  const fallback = t("fieldRule.default", { range });
  return isPatternId(rule.patternId)
    ? t(`fieldRule.${rule.patternId}`, { range, defaultValue: fallback })
    : fallback;
}

/**
 * The zod schema for one form field under a rule. Every failure, an empty
 * required field included, carries the same message, as the spec asks.
 * Lengths count code points, not UTF-16 units, so a rare Chinese character
 * outside the BMP counts once (a Thai vowel mark still counts on its own).
 */
export function fieldRuleSchema(
  rule: FieldRule,
  t: TFunction,
  options: { required: true },
): z.ZodType<string, string | undefined>;
export function fieldRuleSchema(
  rule: FieldRule,
  t: TFunction,
  options?: { required?: boolean },
): z.ZodType<string | undefined, string | undefined>;
export function fieldRuleSchema(
  rule: FieldRule,
  t: TFunction,
  options: { required?: boolean } = {},
): z.ZodType<string | undefined, string | undefined> {
  const message = fieldRuleMessage(rule, t);
  const required = options.required ?? rule.required;
  const pattern = compileAcceptedPattern(rule.acceptedPattern);
  return z
    .string({ error: message })
    .optional()
    .transform((raw, ctx) => {
      const value = raw?.trim() ?? "";
      if (value === "" && !required) return undefined;
      const length = [...value].length;
      const fits =
        value !== "" &&
        length >= rule.minLength &&
        length <= rule.maxLength &&
        (pattern?.test(value) ?? true);
      if (!fits) {
        // Stop here: a piped check after this one must not add a second message.
        ctx.addIssue({ code: "custom", message, continue: false });
        return z.NEVER;
      }
      return value;
    });
}
