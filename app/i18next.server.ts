import { RemixI18Next } from "remix-i18next/server";
import en from "../locales/en/common.json";
import ja from "../locales/ja/common.json";
import ko from "../locales/ko/common.json";
import pt from "../locales/pt/common.json";
import ur from "../locales/ur/common.json";
import { fallbackLanguage, i18nConfig, supportedLanguages } from "./i18n";
import { languageCookie } from "./utils/prefs.server";

export const resources = {
  en: { common: en },
  ur: { common: ur },
  ja: { common: ja },
  ko: { common: ko },
  pt: { common: pt },
};

/** Locale from ?lng, the language cookie, Accept-Language, then EN (DESIGN §5). */
export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    cookie: languageCookie,
    order: ["searchParams", "cookie", "header"],
  },
  i18next: { ...i18nConfig, resources },
});
