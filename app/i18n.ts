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
