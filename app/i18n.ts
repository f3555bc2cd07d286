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
 * The language menu (~35 entries, native names). Entries without a label set
 * render with EN labels; the brand chooses which ones to offer.
 */
export const languageMenu: { code: string; name: string }[] = [
  { code: "en", name: "English" },
  { code: "ur", name: "اردو" },
  { code: "ja", name: "日本語" },
  { code: "ko", name: "한국어" },
  { code: "pt", name: "Português" },
  { code: "zh", name: "中文" },
  { code: "zh-TW", name: "繁體中文" },
  { code: "th", name: "ไทย" },
  { code: "vi", name: "Tiếng Việt" },
  { code: "id", name: "Bahasa Indonesia" },
  { code: "ms", name: "Bahasa Melayu" },
  { code: "hi", name: "हिन्दी" },
  { code: "bn", name: "বাংলা" },
  { code: "ta", name: "தமிழ்" },
  { code: "te", name: "తెలుగు" },
  { code: "mr", name: "मराठी" },
  { code: "ne", name: "नेपाली" },
  { code: "my", name: "မြန်မာ" },
  { code: "km", name: "ខ្មែរ" },
  { code: "lo", name: "ລາວ" },
  { code: "tl", name: "Filipino" },
  { code: "es", name: "Español" },
  { code: "fr", name: "Français" },
  { code: "de", name: "Deutsch" },
  { code: "it", name: "Italiano" },
  { code: "ru", name: "Русский" },
  { code: "tr", name: "Türkçe" },
  { code: "ar", name: "العربية" },
  { code: "fa", name: "فارسی" },
  { code: "pl", name: "Polski" },
  { code: "nl", name: "Nederlands" },
  { code: "sv", name: "Svenska" },
  { code: "uk", name: "Українська" },
  { code: "ro", name: "Română" },
  { code: "el", name: "Ελληνικά" },
];
