import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { fallbackLanguage, type Labels } from "./i18n";
import { LabelSourceProvider, type LabelSource } from "./utils/i18n";

const loaded = new Map<string, Labels>();

/** The browser's label sets: the page's own before hydrating, another on a language switch. */
const labelSource: LabelSource = {
  initialLocale: document.documentElement.lang || fallbackLanguage,
  get: (locale) => loaded.get(locale),
  async load(locale) {
    const response = await fetch(`/resources/locales/${encodeURIComponent(locale)}/common`);
    if (!response.ok) throw new Error(`labels ${locale}: ${response.status}`);
    const labels = (await response.json()) as Labels;
    loaded.set(locale, labels);
    return labels;
  },
};

async function hydrate() {
  // Hydrating with other labels than the server used would replace the page's text.
  await labelSource.load(labelSource.initialLocale);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <LabelSourceProvider value={labelSource}>
          <RemixBrowser />
        </LabelSourceProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
