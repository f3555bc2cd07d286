import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { LanguageMenu } from "~/components/layout/language-menu";
import { SideMenu, SideMenuToggle, useSideMenuState } from "~/components/layout/side-menu";
import { i18next } from "~/i18next.server";
import { getVendorLanes } from "~/platform/catalog/lanes.server";
import { getDb } from "~/platform/db/database.server";
import { isWhitelabelEnabled } from "~/platform/system/brand-config.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { isGamePage } from "~/utils/game-pages";
import type { loader as rootLoader } from "~/root";

export async function loader({ request }: LoaderFunctionArgs) {
  const db = await getDb();
  const [locale, brand] = await Promise.all([i18next.getLocale(request), getBrandConfig(db)]);
  const lanes = await getVendorLanes(db, brand, locale);
  return json({
    lanes: lanes.map((lane) => ({
      title: lane.title,
      vendors: lane.cards.map(({ vassalage, displayName, lagerIcon }) => ({ vassalage, displayName, lagerIcon })),
    })),
    referralEnabled: isWhitelabelEnabled(brand, "REFERRAL3"),
    download: { href: `/download?lng=${locale}`, qr: `/resources/qr/download?lng=${locale}` },
  });
}

export default function PortalLayout() {
  const { lanes, referralEnabled, download } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root")!;
  const location = useLocation();
  const here = location.pathname + location.search;
  const sideMenuState = useSideMenuState(root.prefs.sideMenu);
  const gamePage = isGamePage(location.pathname);
  return (
    <div className="portal" data-side-menu={gamePage ? "hidden" : sideMenuState}>
      <a href="#main" className="skip-link">
        {t("skipToContent")}
      </a>
      <Header
        brandName={root.brand.name}
        lanes={lanes}
        customerService={root.brand.customerService}
        locale={root.locale}
        languages={root.languageMenu}
        theme={root.prefs.theme}
        referralEnabled={referralEnabled}
        sideMenu={gamePage ? null : <SideMenuToggle state={sideMenuState} redirectTo={here} />}
      />
      <div className="portal-body">
        {gamePage ? null : (
          <SideMenu
            state={sideMenuState}
            lanes={lanes}
            customerService={root.brand.customerService}
            referralEnabled={referralEnabled}
            qrSrc={download.qr}
            downloadHref={download.href}
            closeControl={<SideMenuToggle state="open" redirectTo={here} />}
            languageMenu={
              <LanguageMenu languages={root.languageMenu} locale={root.locale} redirectTo={here} placement="inline" />
            }
          />
        )}
        <main id="main" className="portal-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <Footer
        brandName={root.brand.name}
        helpLinks={root.brand.resources.filter((resource) => resource.resourceType === "HELP")}
        lanes={lanes}
        social={root.brand.social}
        vendorIcons={root.brand.footerVendors}
      />
    </div>
  );
}
