import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "./i18n";

/** Loads a label set from the server; a few lines instead of an HTTP backend package. */
const localesBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    fetch(`/resources/locales/${language}/${namespace}`)
      .then((response) => {
        if (!response.ok) throw new Error(`labels ${language}/${namespace}: ${response.status}`);
        return response.json();
      })
      .then((labels) => callback(null, labels), (error: Error) => callback(error, false));
  },
};

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(localesBackend)
    .init({ ...i18nConfig, lng: document.documentElement.lang || i18nConfig.fallbackLng });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
