import { RemixI18Next } from "remix-i18next/server";
import en from "../../locales/en/common.json";
import ja from "../../locales/ja/common.json";
import ko from "../../locales/ko/common.json";
import pt from "../../locales/pt/common.json";
import ur from "../../locales/ur/common.json";
import {
  fallbackLanguage,
  i18nConfig,
  supportedLanguages,
  createTranslator,
  type Labels,
} from "../i18n";
import type { LabelSource } from "./i18n";
import { languageCookie } from "./prefs.server";

export const resources = {
  en: { common: en },
  ur: { common: ur },
  ja: { common: ja },
  ko: { common: ko },
  pt: { common: pt },
};

/** Locale from ?lng, the language cookie, Accept-Language, then EN (ADR 6). */
export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    cookie: languageCookie,
    order: ["searchParams", "cookie", "header"],
  },
  i18next: { ...i18nConfig, resources },
});

/** Label sets for server rendering: every set is in the server build. */
export function serverLabelSource(initialLocale: string): LabelSource {
  const get = (locale: string): Labels | undefined =>
    (resources as Record<string, { common: Labels } | undefined>)[locale]?.common;
  return {
    initialLocale,
    get,
    load: async (locale) => get(locale) ?? resources.en.common,
  };
}

/** The components' translator, for text a loader must produce (page titles, meta). */
export async function translatorFor(request: Request) {
  const locale = await i18next.getLocale(request);
  return createTranslator(locale, serverLabelSource(locale).get(locale) ?? resources.en.common);
}
