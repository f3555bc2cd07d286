import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { createTranslator, type Labels, type TFunction } from "~/i18n";

/** Where label sets come from: imported on the server, fetched once per language in the browser. */
export interface LabelSource {
  initialLocale: string;
  get(locale: string): Labels | undefined;
  load(locale: string): Promise<Labels>;
}

const LabelSourceContext = createContext<LabelSource | null>(null);
export const LabelSourceProvider = LabelSourceContext.Provider;

const TranslationContext = createContext<{ locale: string; t: TFunction } | null>(null);

/**
 * Provides `t` for a locale. When the locale changes (a language switch), the
 * previous labels stay until the new set has arrived, then everything re-renders.
 */
export function I18nProvider({ locale, children }: { locale?: string; children: ReactNode }) {
  const source = useContext(LabelSourceContext);
  if (!source) throw new Error("I18nProvider needs a LabelSourceProvider above it");
  const wanted = locale ?? source.initialLocale;
  const [shown, setShown] = useState(() => ({ locale: wanted, labels: source.get(wanted) ?? {} }));
  // A label set already at hand switches while rendering; only a missing one waits for the network.
  const known = shown.locale === wanted ? undefined : source.get(wanted);
  if (known) setShown({ locale: wanted, labels: known });
  const missing = shown.locale !== wanted && !known;
  useEffect(() => {
    if (!missing) return;
    let cancelled = false;
    source.load(wanted).then(
      (labels) => !cancelled && setShown({ locale: wanted, labels }),
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [missing, wanted, source]);
  const value = useMemo(
    () => ({ locale: shown.locale, t: createTranslator(shown.locale, shown.labels) }),
    [shown],
  );
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

export function useTranslation() {
  const context = useContext(TranslationContext);
  if (!context) throw new Error("useTranslation needs an I18nProvider above it");
  return { t: context.t, i18n: { language: context.locale } };
}
