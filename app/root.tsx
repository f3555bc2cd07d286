import {
  json,
  redirect,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { Document } from "./components/document";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { StatusPage } from "./components/status-page";
import { useClientNavigation } from "./components/ui/plain-link";
import { pageCacheDecision } from "./server/page-cache.server";
import { handoffLogin } from "./utils/auth.server";
import { I18nProvider, useTranslation } from "./utils/i18n";
import { i18next } from "./utils/i18next.server";
import { offeredLanguages } from "./utils/language-menu.server";
import { withoutTrailingSlash } from "./utils/misc";
import { readPrefs } from "./utils/prefs.server";
import { pageAddress } from "./utils/seo";
import { isSystemStatusData } from "./utils/system-status";
import {
  csLink,
  isSocialLink,
  primaryCustomerService,
  requireOpenSystem,
} from "./utils/system.server";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.brand.name ?? "Portal" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // A page has one address: "/login/" answers once, permanently, with "/login" (its query kept).
  // Documents only: a data request or a form post keeps the address the browser already shows.
  if (["GET", "HEAD"].includes(request.method) && !url.searchParams.has("_data")) {
    const canonical = withoutTrailingSlash(url);
    if (canonical) throw redirect(canonical, 301);
  }
  const handoff = await handoffLogin(request);
  if (handoff) throw handoff;
  const [locale, prefs, cached] = await Promise.all([
    i18next.getLocale(request),
    readPrefs(request),
    pageCacheDecision(request, context),
  ]);
  // Maintenance and region are checked per request, cached page or not.
  const permission = await requireOpenSystem(request, { locale, theme: prefs.theme });
  if (cached?.page) return null as unknown as ReturnType<typeof rootData>;
  return rootData(locale, prefs, permission.info, request.url);
}

function rootData(
  locale: string,
  prefs: Awaited<ReturnType<typeof readPrefs>>,
  info: Awaited<ReturnType<typeof requireOpenSystem>>["info"],
  url: string,
) {
  return json({
    locale,
    prefs,
    // Only what the layout renders: the root's data is in every page and every navigation.
    brand: {
      name: info.brandName,
      customerService: primaryCustomerService(info.customerService),
      social: info.customerService.filter(isSocialLink).map(csLink),
      resources: info.resources,
      footerVendors: info.footerVendors,
    },
    languageMenu: offeredLanguages(info.languageMenu),
    address: pageAddress(url, info.mainDomain),
  });
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  const headers = new Headers();
  const source = errorHeaders ?? loaderHeaders;
  for (const name of ["Retry-After", "Cache-Control"]) {
    const value = source.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

// Status (maintenance, region) is re-read on every navigation, not only on full loads.
export const shouldRevalidate = () => true;

export default function App() {
  const { locale, prefs, address, brand } = useLoaderData<typeof loader>();
  useClientNavigation();
  return (
    <I18nProvider locale={locale}>
      <Document locale={locale} theme={prefs.theme} seo={{ address, brandName: brand.name }}>
        <Outlet />
      </Document>
    </I18nProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && isSystemStatusData(error.data)) {
    const data = error.data;
    return (
      <I18nProvider locale={data.locale}>
        <Document locale={data.locale} theme={data.theme}>
          <StatusPage
            status={data.systemStatus}
            ip={data.ip}
            customerService={data.customerService}
          />
        </Document>
      </I18nProvider>
    );
  }
  // Without loader data, the locale is the one the request was rendered in.
  return (
    <I18nProvider>
      <ErrorDocument />
    </I18nProvider>
  );
}

function ErrorDocument() {
  const { i18n } = useTranslation();
  return (
    <Document locale={i18n.language} theme="light">
      <GeneralErrorBoundary />
    </Document>
  );
}
