import { json } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { OPS_LAYOUT } from "~/components/ops/use-staff-can";
import type { Labels } from "~/i18n";
import type { StaffPermission } from "~/platform/identity/staff-permissions";
import { I18nProvider, LabelSourceProvider, type LabelSource } from "~/utils/i18n";
import en from "../../locales/en/common.json";
import ur from "../../locales/ur/common.json";

const labelSets: Record<string, Labels> = { en, ur };

interface AppOptions {
  path?: string;
  language?: "en" | "ur";
  /** Inside the back office's layout, whose staff member holds these permissions. */
  staffPermissions?: readonly StaffPermission[];
}

function inApp(ui: ReactNode, options: AppOptions) {
  const locale = options.language ?? "en";
  const source: LabelSource = {
    initialLocale: locale,
    get: (code) => labelSets[code],
    load: async (code) => labelSets[code] ?? en,
  };
  const path = options.path ?? "/";
  const page = { path: path.split("?")[0], Component: () => <>{ui}</> };
  const permissions = options.staffPermissions;
  const Stub = createRemixStub(
    permissions
      ? [
          {
            id: OPS_LAYOUT,
            loader: () => json({ permissions }),
            Component: () => <Outlet />,
            children: [page],
          },
        ]
      : [page],
  );
  return (
    <LabelSourceProvider value={source}>
      <I18nProvider>
        <Stub initialEntries={[path]} />
      </I18nProvider>
    </LabelSourceProvider>
  );
}

/** Renders a component inside a Remix route (so Link and fetchers work) with real EN/UR labels. */
export async function renderWithApp(ui: ReactNode, options: AppOptions = {}) {
  return render(inApp(ui, options));
}

/** The HTML the server sends for a component (what a browser without JavaScript gets). */
export function renderToHtml(ui: ReactNode, options: AppOptions = {}) {
  return renderToString(inApp(ui, options));
}
