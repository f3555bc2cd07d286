import { AUDIT_EVENTS } from "~/platform/audit/audit.server";
import { STAFF_PERMISSIONS } from "~/platform/identity/staff-permissions";
import { SUSPENSION_REASONS } from "~/platform/players/suspension";
import en from "../../locales/en/common.json";
import ja from "../../locales/ja/common.json";
import ko from "../../locales/ko/common.json";
import pt from "../../locales/pt/common.json";
import ur from "../../locales/ur/common.json";

type Labels = Record<string, string>;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([^}]+?)\s*\}\}/g;

/** Flattens nested label objects into dotted keys: `{ a: { b: "x" } }` -> `{ "a.b": "x" }`. */
function flatten(node: unknown, prefix = "", out: Labels = {}): Labels {
  if (node === null || typeof node !== "object" || Array.isArray(node)) {
    throw new Error(`${prefix || "<root>"} is not an object`);
  }
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out[path] = value;
    else flatten(value, path, out);
  }
  return out;
}

const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, "");
const baseKeys = (labels: Labels) => new Set(Object.keys(labels).map(baseKey));
const placeholders = (text: string) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? "");

/** The translation for an en key; a plural form the language lacks falls back to `_other`. */
function lookup(labels: Labels, key: string): string | undefined {
  if (key in labels) return labels[key];
  if (PLURAL_SUFFIX.test(key)) return labels[`${baseKey(key)}_other`];
  return undefined;
}

const EN = flatten(en);
const LOCALES = {
  ur: flatten(ur),
  ja: flatten(ja),
  ko: flatten(ko),
  pt: flatten(pt),
} satisfies Record<string, Labels>;
type Lng = keyof typeof LOCALES;

/** ur strings allowed to equal en: pure placeholders and Latin product names. */
const UR_SAME_AS_EN = new Set(["pager.status", "download.ios.title"]);

describe("label sets", () => {
  it("en has labels and uses only string leaves", () => {
    expect(Object.keys(EN).length).toBeGreaterThan(100);
    for (const value of Object.values(EN)) expect(value.trim()).not.toBe("");
  });

  describe.each(Object.keys(LOCALES) as Lng[])("%s", (lng) => {
    const labels = LOCALES[lng];

    it("has every en key", () => {
      const have = baseKeys(labels);
      const missing = [...baseKeys(EN)].filter((key) => !have.has(key));
      expect(missing).toEqual([]);
    });

    it("has no keys en lacks", () => {
      const want = baseKeys(EN);
      const extra = [...baseKeys(labels)].filter((key) => !want.has(key));
      expect(extra).toEqual([]);
    });

    it("has the `_other` form of every en plural and no empty strings", () => {
      const plurals = Object.keys(EN).filter((key) => key.endsWith("_other"));
      expect(plurals.length).toBeGreaterThan(0);
      for (const key of plurals) expect(labels, key).toHaveProperty([key]);
      for (const [key, value] of Object.entries(labels)) expect(value.trim(), key).not.toBe("");
    });

    it("keeps every en {{placeholder}}", () => {
      const problems: string[] = [];
      for (const [key, source] of Object.entries(EN)) {
        const target = lookup(labels, key) ?? "";
        for (const name of placeholders(source)) {
          if (!placeholders(target).includes(name)) problems.push(`${key}: {{${name}}}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it("introduces no placeholder en does not pass", () => {
      const problems: string[] = [];
      for (const [key, target] of Object.entries(labels)) {
        const source = EN[key] ?? EN[`${baseKey(key)}_other`] ?? "";
        for (const name of placeholders(target)) {
          if (!placeholders(source).includes(name)) problems.push(`${key}: {{${name}}}`);
        }
      }
      expect(problems).toEqual([]);
    });
  });

  describe("ur", () => {
    const labels = LOCALES.ur;

    it("has exactly the en keys, plural forms included", () => {
      expect(Object.keys(labels).sort()).toEqual(Object.keys(EN).sort());
    });

    it("translates every label except the allow-list", () => {
      const untranslated = Object.keys(EN).filter(
        (key) => labels[key] === EN[key] && !UR_SAME_AS_EN.has(key),
      );
      expect(untranslated).toEqual([]);
    });

    it("allow-list only names keys that exist", () => {
      for (const key of UR_SAME_AS_EN) expect(EN).toHaveProperty([key]);
    });

    it("is written in Arabic script", () => {
      const arabic = /[\u0600-\u06FF]/;
      const latinOnly = Object.entries(labels).filter(
        ([key, value]) => !arabic.test(value) && !UR_SAME_AS_EN.has(key),
      );
      expect(latinOnly).toEqual([]);
    });

    it("keeps digits Latin", () => {
      const easternDigits = /[\u0660-\u0669\u06F0-\u06F9]/;
      const offending = Object.entries(labels).filter(([, value]) => easternDigits.test(value));
      expect(offending).toEqual([]);
    });
  });

  describe.each<Lng>(["ja", "ko", "pt"])("%s translation coverage", (lng) => {
    it("differs from en for at least 90% of keys", () => {
      const labels = LOCALES[lng];
      const keys = Object.keys(EN);
      const translated = keys.filter((key) => lookup(labels, key) !== EN[key]);
      expect(translated.length / keys.length).toBeGreaterThanOrEqual(0.9);
    });
  });

  it("names every event of the audit log (the /ops/audit filter and table show them)", () => {
    const missing = AUDIT_EVENTS.filter((event) => !(`opsAudit.events.${event}` in EN));
    expect(missing).toEqual([]);
  });

  it("names every staff permission's area and act (the role editor shows them)", () => {
    const missing = STAFF_PERMISSIONS.flatMap((permission) => {
      const [area, act] = permission.split(".");
      return [`staffOps.areas.${area}`, `staffOps.acts.${act}`].filter((key) => !(key in EN));
    });
    expect(missing).toEqual([]);
  });

  it("names every suspension reason for the member and for staff", () => {
    const missing = SUSPENSION_REASONS.flatMap((reason) =>
      [`accountSuspension.reasons.${reason}`, `opsPlayers.suspension.reasons.${reason}`].filter(
        (key) => !(key in EN),
      ),
    );
    expect(missing).toEqual([]);
  });
});
