import { createRemixStub } from "@remix-run/testing";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { Labels } from "~/i18n";
import { I18nProvider, LabelSourceProvider, type LabelSource } from "~/utils/i18n";
import en from "../../locales/en/common.json";
import ur from "../../locales/ur/common.json";

const labelSets: Record<string, Labels> = { en, ur };

function inApp(ui: ReactNode, options: { path?: string; language?: "en" | "ur" }) {
  const locale = options.language ?? "en";
  const source: LabelSource = {
    initialLocale: locale,
    get: (code) => labelSets[code],
    load: async (code) => labelSets[code] ?? en,
  };
  const path = options.path ?? "/";
  const Stub = createRemixStub([{ path: path.split("?")[0], Component: () => <>{ui}</> }]);
  return (
    <LabelSourceProvider value={source}>
      <I18nProvider>
        <Stub initialEntries={[path]} />
      </I18nProvider>
    </LabelSourceProvider>
  );
}

/** Renders a component inside a Remix route (so Link and fetchers work) with real EN/UR labels. */
export async function renderWithApp(
  ui: ReactNode,
  options: { path?: string; language?: "en" | "ur" } = {},
) {
  return render(inApp(ui, options));
}

/** The HTML the server sends for a component (what a browser without JavaScript gets). */
export function renderToHtml(
  ui: ReactNode,
  options: { path?: string; language?: "en" | "ur" } = {},
) {
  return renderToString(inApp(ui, options));
}
