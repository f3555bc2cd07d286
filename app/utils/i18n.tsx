import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

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
  useEffect(() => {
    if (shown.locale === wanted) return;
    let cancelled = false;
    const known = source.get(wanted);
    if (known) setShown({ locale: wanted, labels: known });
    else
      source.load(wanted).then(
        (labels) => !cancelled && setShown({ locale: wanted, labels }),
        () => {},
      );
    return () => {
      cancelled = true;
    };
  }, [wanted, shown.locale, source]);
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
