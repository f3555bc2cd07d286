/** Label sets that exist in locales/; EN is complete and the default, UR complete and right-to-left. */
export const supportedLanguages = ["en", "ur", "ja", "ko", "pt"] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];
export const fallbackLanguage = "en";
export const rtlLanguages = new Set(["ur", "ar", "fa", "he"]);

export const i18nConfig = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false },
};

export function directionOf(language: string): "ltr" | "rtl" {
  return rtlLanguages.has(language) ? "rtl" : "ltr";
}

export function isSupportedLanguage(value: unknown): value is SupportedLanguage {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

/**
 * Translation for components, the same code on the server and in the browser
 * (so hydration always matches): nested keys, {{name}} interpolation and
 * i18next-style plural keys (`key_one`, `key_other`, chosen by Intl.PluralRules).
 * remix-i18next still detects the locale on the server; the browser no longer
 * ships i18next itself (ADR 7).
 */
export type Labels = { [key: string]: string | Labels };
export type TOptions = { count?: number; defaultValue?: string; [name: string]: unknown };
export type TFunction = (key: string, options?: TOptions | string) => string;

function lookup(labels: Labels, key: string): string | undefined {
  let node: string | Labels | undefined = labels;
  for (const part of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

export function createTranslator(locale: string, labels: Labels): TFunction {
  const plurals = new Intl.PluralRules(locale);
  return (key, options) => {
    const values: TOptions =
      typeof options === "string" ? { defaultValue: options } : (options ?? {});
    const text =
      (typeof values.count === "number"
        ? (lookup(labels, `${key}_${plurals.select(values.count)}`) ??
          lookup(labels, `${key}_other`))
        : undefined) ??
      lookup(labels, key) ??
      values.defaultValue ??
      key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
      name in values ? String(values[name]) : match,
    );
  };
}
