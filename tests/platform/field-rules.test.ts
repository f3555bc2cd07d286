import { describe, expect, test } from "vitest";
import * as z from "zod/v4";
import { createTranslator } from "~/i18n";
import { brandConfigSchema, parseBrandConfig } from "~/platform/system/brand-config.server";
import demoBrand from "~/platform/system/brands/demo.json";
import {
  PATTERN_KINDS,
  compileAcceptedPattern,
  fieldRuleMessage,
  fieldRuleRange,
  fieldRuleSchema,
  type FieldRule,
  type PatternId,
} from "~/platform/system/field-rules.server";
import en from "../../locales/en/common.json";

const t = createTranslator("en", en);

function rule(overrides: Partial<FieldRule> = {}): FieldRule {
  return {
    acceptedPattern: "*",
    minLength: 1,
    maxLength: 40,
    patternId: "P01",
    enabled: true,
    required: false,
    ...overrides,
  };
}

const kindRule = (id: PatternId, minLength = 1, maxLength = 40) =>
  rule({ acceptedPattern: PATTERN_KINDS[id].pattern, patternId: id, minLength, maxLength });

const ok = (schema: z.ZodType<string | undefined>, value: unknown) =>
  schema.safeParse(value).success;

/** For every kind: values that must pass and values that must fail, all within the length bounds. */
const SAMPLES: Record<
  PatternId,
  { valid: string[]; invalid: string[]; bounds?: [number, number] }
> = {
  // Any characters: only the length bounds can refuse a value.
  P01: {
    valid: ["hello world", "密码 #1 ✓", "a\nb"],
    invalid: ["a", "far longer than twelve"],
    bounds: [2, 12],
  },
  P02: { valid: ["player01", "Abc", "x9"], invalid: ["1player", "play er", "pl@yer", "_abc"] },
  P03: { valid: ["张伟", "北京2024", "123"], invalid: ["张 伟", "abc", "ひらがな", "张伟!"] },
  P04: {
    valid: ["a@b.co", "first.last+tag@mail.example.com"],
    invalid: ["a@b", "no-at.example.com", "a b@c.de", "a@@b.co"],
  },
  P05: { valid: ["abc123", "ABC", "42"], invalid: ["abc-123", "abc 123", "abç", "abc!"] },
  P06: { valid: ["abc123", "1a2b"], invalid: ["abcdef", "123456", "abc 123", "abc_123"] },
  P07: { valid: ["0123456", "42"], invalid: ["12a4", "12 34", "１２３", "١٢٣"] },
  P08: { valid: ["Abc123", "ABC", "aB1"], invalid: ["abc123", "123456", "Abc-123", "Ab c"] },
  P09: { valid: ["John Smith", "abc"], invalid: ["José", "John3", "John-Smith", "Иван"] },
  P10: { valid: ["abc", "密码#1!", "a-b_c"], invalid: ["a b", "a\tb", "a\u00a0b"] },
  P11: { valid: ["你好，世界。", "中文", "你好!"], invalid: ["你好 世界", "abc", "你好1", "한국"] },
  P12: {
    valid: ["2024-02-29", "12-31-1999"],
    invalid: ["2024-13-01", "2024/01/01", "31-12-1999", "24-01-01", "2024-1-1"],
  },
  P13: {
    valid: ["José Álvarez", "Иван Петров", "สมชาย ใจดี", "张伟"],
    invalid: ["John3", "a-b", "a.b", "x_y"],
  },
  P14: { valid: ["김민수", "한국어"], invalid: ["김 민수", "kim", "김1", "漢字"] },
  P15: { valid: ["สมชาย", "ภาษาไทย"], invalid: ["สม ชาย", "somchai", "สม1", "ສະບາຍ"] },
  P16: { valid: ["สมชาย Smith", "John", "ภาษาไทย"], invalid: ["John3", "José", "สม-ชาย", "김"] },
  P17: { valid: ["JOHN SMITH", "A"], invalid: ["John Smith", "john", "JOHN3", "JOHN-SMITH"] },
  P18: {
    valid: ["P@ssw0rd!", "abc", "密码#1", "€100"],
    invalid: ["pass word", "a\tb", "tab\u00a0nbsp"],
  },
};

describe("PATTERN_KINDS", () => {
  test("has ids P01..P18 in order, each a pattern that compiles with the u flag", () => {
    const ids = Array.from({ length: 18 }, (_, i) => `P${String(i + 1).padStart(2, "0")}`);
    expect(Object.keys(PATTERN_KINDS)).toEqual(ids);
    for (const { pattern } of Object.values(PATTERN_KINDS))
      expect(() => new RegExp(pattern, "u")).not.toThrow();
  });

  test("every kind has an en label", () => {
    for (const id of Object.keys(PATTERN_KINDS)) expect(en.fieldRule).toHaveProperty([id]);
  });

  describe.each(Object.keys(SAMPLES) as PatternId[])("%s", (id) => {
    const { valid, invalid, bounds = [1, 40] } = SAMPLES[id];
    const kind = kindRule(id, ...bounds);
    const schema = fieldRuleSchema(kind, t);

    test("has at least two samples each way", () => {
      expect(valid.length).toBeGreaterThanOrEqual(2);
      expect(invalid.length).toBeGreaterThanOrEqual(2);
    });

    test.each(valid)("accepts %j", (value) => {
      expect(schema.parse(value)).toBe(value);
    });

    test.each(invalid)("rejects %j", (value) => {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(fieldRuleMessage(kind, t));
    });
  });
});

describe("compileAcceptedPattern", () => {
  test("'*' means anything", () => {
    expect(compileAcceptedPattern("*")).toBeNull();
  });

  test("an unanchored pattern must still match the whole value", () => {
    const regex = compileAcceptedPattern("[a-z]+")!;
    expect(regex.test("abc")).toBe(true);
    expect(regex.test("abc1")).toBe(false);
    expect(regex.test("1abc")).toBe(false);
  });

  test("a pattern that only looks anchored is pinned down too", () => {
    const regex = compileAcceptedPattern("^a|b$")!;
    expect(regex.test("a")).toBe(true);
    expect(regex.test("b")).toBe(true);
    expect(regex.test("axx")).toBe(false);
    expect(regex.test("xxb")).toBe(false);
  });

  test("uses unicode semantics where it can", () => {
    expect(compileAcceptedPattern("\\p{Script=Thai}+")!.test("ไทย")).toBe(true);
    expect(compileAcceptedPattern("\\p{Script=Thai}+")!.flags).toContain("u");
  });

  test("falls back to legacy syntax when the u flag rejects the source", () => {
    const regex = compileAcceptedPattern("[a-z\\_]+")!;
    expect(regex.flags).not.toContain("u");
    expect(regex.test("a_b")).toBe(true);
  });

  test("throws for a source that does not compile at all", () => {
    expect(() => compileAcceptedPattern("[a-")).toThrow(SyntaxError);
  });
});

describe("length bounds", () => {
  const schema = fieldRuleSchema(rule({ minLength: 6, maxLength: 8 }), t);

  test.each([
    ["too short", "abcde", false],
    ["exactly min", "abcdef", true],
    ["exactly max", "abcdefgh", true],
    ["too long", "abcdefghi", false],
  ])("%s", (_, value, passes) => {
    expect(ok(schema, value)).toBe(passes);
  });

  test("count code points, so one Chinese, Thai or astral character is one", () => {
    const two = fieldRuleSchema(rule({ minLength: 2, maxLength: 2 }), t);
    expect(ok(two, "张伟")).toBe(true);
    expect(ok(two, "ไทย")).toBe(false); // three code points: ไ ท ย
    expect(ok(two, "𠀀𠀀")).toBe(true); // surrogate pairs, length 4 in UTF-16
    expect(ok(two, "𠀀")).toBe(false);
    const thai = fieldRuleSchema(kindRule("P15", 3, 3), t);
    expect(ok(thai, "ไทย")).toBe(true);
  });

  test("'*' accepts anything within the bounds", () => {
    const any = fieldRuleSchema(rule({ minLength: 1, maxLength: 5 }), t);
    for (const value of ["!@#$%", "a b c", "密码", "🙂"]) expect(ok(any, value)).toBe(true);
    expect(ok(any, "toolong")).toBe(false);
  });
});

describe("fieldRuleSchema", () => {
  const username = kindRule("P02", 6, 16);

  test("trims the value before checking and returns it trimmed", () => {
    const schema = fieldRuleSchema(username, t);
    expect(schema.parse("  player01 \t")).toBe("player01");
    // Six characters only with the spaces: too short once trimmed.
    expect(ok(schema, "  abcd  ")).toBe(false);
  });

  test.each([undefined, "", "   "])("an optional field left empty (%j) is undefined", (value) => {
    expect(fieldRuleSchema(username, t).parse(value)).toBeUndefined();
  });

  test.each([undefined, "", "   "])(
    "a required field left empty (%j) fails with the rule's message",
    (value) => {
      const result = fieldRuleSchema({ ...username, required: true }, t).safeParse(value);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        "Enter 6-16 letters or digits, starting with a letter",
      ]);
    },
  );

  test("options.required overrides the rule either way", () => {
    expect(ok(fieldRuleSchema(username, t, { required: true }), "")).toBe(false);
    expect(ok(fieldRuleSchema({ ...username, required: true }, t, { required: false }), "")).toBe(
      true,
    );
  });

  test("a non-string value fails with the rule's message", () => {
    const result = fieldRuleSchema(username, t).safeParse(42);
    expect(result.error?.issues[0]?.message).toBe(
      "Enter 6-16 letters or digits, starting with a letter",
    );
  });

  test("works inside z.object, missing keys included", () => {
    const form = z.object({
      username: fieldRuleSchema(username, t, { required: true }),
      email: fieldRuleSchema(kindRule("P04", 5, 64), t),
    });
    expect(form.parse({ username: "player01" })).toEqual({
      username: "player01",
      email: undefined,
    });
    const result = form.safeParse({ email: "nope" });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["username", "Enter 6-16 letters or digits, starting with a letter"],
      ["email", "Enter a valid e-mail address (5-64 characters)"],
    ]);
  });
});

describe("messages", () => {
  test("range collapses equal ends", () => {
    expect(fieldRuleRange({ minLength: 6, maxLength: 16 })).toBe("6-16");
    expect(fieldRuleRange({ minLength: 6, maxLength: 6 })).toBe("6");
  });

  test("the message fills the range from the translation", () => {
    expect(fieldRuleMessage(kindRule("P07", 6, 6), t)).toBe("Enter 6 digits");
    expect(fieldRuleMessage(kindRule("P06", 6, 20), t)).toBe(
      "Enter 6-20 characters mixing letters and digits",
    );
  });

  test.each(["P99", "constructor", "P01.x"])(
    "an unknown patternId %j gets the default message",
    (patternId) => {
      expect(fieldRuleMessage(rule({ patternId, minLength: 4, maxLength: 8 }), t)).toBe(
        "Enter 4-8 characters in the required format",
      );
    },
  );

  test("a locale lacking the kind's label falls back to the default one", () => {
    const partial = createTranslator("en", { fieldRule: { default: "default {{range}}" } });
    expect(fieldRuleMessage(kindRule("P02", 6, 16), partial)).toBe("default 6-16");
  });
});

describe("the demo brand's rules", () => {
  const rules = parseBrandConfig(demoBrand).registerFieldRules;

  test("username: letter first, then letters and digits", () => {
    const schema = fieldRuleSchema(rules.username!, t);
    expect(schema.parse("player01")).toBe("player01");
    expect(ok(schema, "1player")).toBe(false);
    expect(ok(schema, "")).toBe(false); // required in the demo brand
  });

  test("password: the demo brand states the platform's rule, 8-64 characters of any kind (ADR 35)", () => {
    const schema = fieldRuleSchema(rules.password!, t);
    expect(schema.parse("abc def!")).toBe("abc def!");
    expect(ok(schema, "abc123")).toBe(false);
    expect(ok(schema, "x".repeat(65))).toBe(false);
  });

  test("every demo rule compiles and names a known kind", () => {
    for (const [field, fieldRule] of Object.entries(rules)) {
      expect(Object.keys(PATTERN_KINDS), field).toContain(fieldRule.patternId);
      expect(() => fieldRuleSchema(fieldRule, t), field).not.toThrow();
    }
  });
});

describe("the brand schema checks field rules at start-up", () => {
  const withUsername = (change: Partial<FieldRule>) => ({
    ...demoBrand,
    registerFieldRules: {
      ...demoBrand.registerFieldRules,
      username: { ...demoBrand.registerFieldRules.username, ...change },
    },
  });

  test("a pattern that does not compile is refused, naming the field", () => {
    expect(() => parseBrandConfig(withUsername({ acceptedPattern: "[a-" }))).toThrow(
      /registerFieldRules\.username\.acceptedPattern/,
    );
  });

  test("minLength above maxLength is refused, naming the field", () => {
    expect(() => parseBrandConfig(withUsername({ minLength: 10, maxLength: 6 }))).toThrow(
      /registerFieldRules\.username\.minLength: minLength \(10\) must not exceed maxLength \(6\)/,
    );
  });

  test("'*' and equal bounds are fine", () => {
    expect(
      brandConfigSchema.safeParse(
        withUsername({ acceptedPattern: "*", minLength: 6, maxLength: 6 }),
      ).success,
    ).toBe(true);
  });
});
