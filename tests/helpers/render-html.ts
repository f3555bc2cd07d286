import { createRemixStub } from "@remix-run/testing";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import type { Labels } from "~/i18n";
import { I18nProvider, LabelSourceProvider, type LabelSource } from "~/utils/i18n";
import en from "../../locales/en/common.json";
import ur from "../../locales/ur/common.json";

/**
 * A route's page as the server renders it, from its loader's (and action's)
 * data, with real EN/UR labels: for asserting what reaches the HTML (escaping,
 * labels) without a browser. Pair with quietServerRenderWarnings.
 */
export function renderRouteHtml(route: {
  id: string;
  path: string;
  Component: ComponentType;
  loaderData: unknown;
  actionData?: unknown;
  language?: "en" | "ur";
}) {
  const labels: Labels = route.language === "ur" ? ur : en;
  const source: LabelSource = {
    initialLocale: route.language ?? "en",
    get: () => labels,
    load: async () => labels,
  };
  const Stub = createRemixStub([{ id: route.id, path: route.path, Component: route.Component }]);
  return renderToString(
    createElement(
      LabelSourceProvider,
      { value: source },
      createElement(
        I18nProvider,
        null,
        createElement(Stub, {
          initialEntries: [route.path],
          hydrationData: {
            loaderData: { [route.id]: route.loaderData },
            ...(route.actionData ? { actionData: { [route.id]: route.actionData } } : {}),
          },
        }),
      ),
    ),
  );
}
