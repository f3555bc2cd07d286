import { createRemixStub } from "@remix-run/testing";
import { render } from "@testing-library/react";
import { createInstance } from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import en from "../../locales/en/common.json";
import ur from "../../locales/ur/common.json";
import { i18nConfig } from "~/i18n";

/** Renders a component inside a Remix route (so Link and fetchers work) with real EN/UR labels. */
export async function renderWithApp(ui: ReactNode, options: { path?: string; language?: "en" | "ur" } = {}) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    ...i18nConfig,
    lng: options.language ?? "en",
    resources: { en: { common: en }, ur: { common: ur } },
  });
  const path = options.path ?? "/";
  const Stub = createRemixStub([{ path: path.split("?")[0], Component: () => <>{ui}</> }]);
  return render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  );
}
