import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { LanguageMenu } from "~/components/layout/language-menu";
import { LogoutDialog, NeedRealAccountDialog } from "~/components/layout/member-only";
import { SideMenu, SideMenuToggle, useSideMenuState } from "~/components/layout/side-menu";
import { LiveEvents } from "~/components/live-events/live-events";
import { VendorGamesPopup } from "~/components/play/vendor-games";
import { getVendorLanes } from "~/platform/catalog/lanes.server";
import { memberSupportUnread } from "~/platform/contact/support.server";
import { unreadMessageCount } from "~/platform/content/messages.server";
import type { Database } from "~/platform/db/open.server";
import type { MemberInfo } from "~/platform/identity/members.server";
import { favouriteIds } from "~/platform/play/favourites.server";
import { claimableCount } from "~/platform/rewards/claimable.server";
import { referralEnabled } from "~/platform/rewards/referral/program.server";
import { levelName } from "~/platform/rewards/vip-levels";
import { findVipLevel } from "~/platform/rewards/vip.server";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { walletBalances } from "~/platform/wallet/balance.server";
import { transferWallets } from "~/platform/wallet/policy";
import type { loader as rootLoader } from "~/root";
import { visitorPageLoader } from "~/server/page-cache.server";
import { getViewer } from "~/utils/auth.server";
import { useTranslation } from "~/utils/i18n";
import { i18next } from "~/utils/i18next.server";
import { withSearchParam } from "~/utils/misc";
import { readHideBalance } from "~/utils/prefs.server";
import { isGamePage } from "./__game-pages";
import { vendorGamesDialog } from "./__vendor-games.server";

/** What the header and side menu show of the signed-in member (member info and session values). */
async function viewerSummary(
  db: Database,
  member: MemberInfo,
  vendorWallets: string[],
  locale: string,
) {
  // Unclaimed count on the avatar: claimable promotions plus unread messages.
  const [wallets, unreadMessages, availablePromos, vipLevel, supportUnread] = await Promise.all([
    walletBalances(db, member.id, vendorWallets),
    unreadMessageCount(db, member.id),
    member.isTrial ? 0 : claimableCount(db, member.id),
    member.hasVip ? findVipLevel(db, member.vipRankLevel) : undefined,
    memberSupportUnread(db, member.id),
  ]);
  return {
    id: member.id,
    account: member.account,
    nickname: member.nickname,
    isAgent: member.isAgent,
    isTrial: member.isTrial,
    hasVip: member.hasVip,
    vipRankLevel: member.vipRankLevel,
    /** vipLabelName: the level's name in the reader's language. */
    vipLabelName: levelName(vipLevel, locale),
    balance: wallets.main,
    wallets: wallets.vendors,
    unclaimed: availablePromos + unreadMessages,
    /** Also the member centre's badges, so these counts are read once per request. */
    unreadMessages,
    availablePromos,
    /** Operators' support replies not yet read: the member nav and header customer-service badges. */
    supportUnread,
  };
}

export function loader(args: LoaderFunctionArgs) {
  return visitorPageLoader(args, () => load(args.request));
}

async function load(request: Request) {
  const db = await getDb();
  const [locale, brand, viewer, hideBalance] = await Promise.all([
    i18next.getLocale(request),
    getBrandConfig(db),
    getViewer(request),
    readHideBalance(request),
  ]);
  const [lanes, member, favourites, referral] = await Promise.all([
    getVendorLanes(db, brand, locale),
    viewer ? viewerSummary(db, viewer.member, transferWallets(brand.wallet), locale) : null,
    // getFavoriteGames: the ids every game tile's heart reads (components/play/use-favourites.ts).
    viewer ? favouriteIds(db, viewer.member.id) : [],
    // availablePromo.REFERRAL.enabled: a live REFERRAL promotion, not a whitelabel flag.
    referralEnabled(db),
  ]);
  // Vendor wallets are named as the lanes name their vendors.
  const vendorNames = new Map(
    lanes.flatMap((lane) => lane.cards.map((card) => [card.vassalage, card.displayName] as const)),
  );
  return json({
    lanes: lanes.map((lane) => ({
      title: lane.title,
      vendors: lane.cards.map(({ vassalage, displayName, lagerIcon }) => ({
        vassalage,
        displayName,
        lagerIcon,
      })),
    })),
    referralEnabled: referral,
    download: {
      href: `/download?lng=${locale}`,
      // A member's QR carries a login hand-off token and is never cached; its own URL keeps
      // the browser from reusing a visitor's cached QR after login.
      qr: `/resources/qr/download?lng=${locale}${viewer ? "&member=1" : ""}`,
    },
    viewer: member && {
      ...member,
      wallets: member.wallets.map((wallet) => ({
        ...wallet,
        displayName: vendorNames.get(wallet.vassalage) ?? wallet.vassalage,
      })),
    },
    currency: { symbol: brand.currency.symbol, minorUnits: brand.currency.minorUnits },
    hideBalance,
    favouriteIds: favourites,
    // Vendor game list popup (?modal=vendor-games), when the URL opens it.
    vendorGames: await vendorGamesDialog(db, new URL(request.url), lanes, locale),
  });
}

export default function PortalLayout() {
  const { lanes, referralEnabled, download, viewer, currency, hideBalance } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root")!;
  const location = useLocation();
  const here = location.pathname + location.search;
  const sideMenuState = useSideMenuState(root.prefs.sideMenu);
  const gamePage = isGamePage(location.pathname);
  // Dialogs of the chrome are URL state (ADR 4): ?modal=logout and ?modal=real-account.
  const modal = new URLSearchParams(location.search).get("modal");
  const closeHref = withSearchParam(here, "modal", null);
  const vendorGames = useLoaderData<typeof loader>().vendorGames;
  const logoutHref = withSearchParam(here, "modal", "logout");
  return (
    <LiveEvents
      memberId={viewer?.id ?? null}
      loaderBalance={viewer?.balance ?? null}
      currency={currency}
      locale={root.locale}
    >
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
          viewer={viewer}
          currency={currency}
          hideBalance={hideBalance}
          logoutHref={logoutHref}
          sideMenu={gamePage ? null : <SideMenuToggle state={sideMenuState} redirectTo={here} />}
        />
        <div className="portal-body">
          {gamePage ? null : (
            <SideMenu
              state={sideMenuState}
              lanes={lanes}
              customerService={root.brand.customerService}
              referralEnabled={referralEnabled}
              member={viewer ? { hasVip: viewer.hasVip } : null}
              logoutHref={logoutHref}
              qrSrc={download.qr}
              downloadHref={download.href}
              closeControl={<SideMenuToggle state="open" redirectTo={here} />}
              languageMenu={
                <LanguageMenu
                  languages={root.languageMenu}
                  locale={root.locale}
                  redirectTo={here}
                  placement="inline"
                />
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
        {modal === "logout" && viewer ? <LogoutDialog closeHref={closeHref} /> : null}
        {modal === "real-account" ? <NeedRealAccountDialog closeHref={closeHref} /> : null}
        {modal === "vendor-games" && vendorGames ? (
          <VendorGamesPopup data={vendorGames} here={here} />
        ) : null}
      </div>
    </LiveEvents>
  );
}

/**
 * Every page below renders its own errors inside this layout's header and menus;
 * only this layout's own failure lands here, and without its data there is no
 * chrome to draw: the error renders in the root document (`<html lang dir>` kept).
 */
export const ErrorBoundary = GeneralErrorBoundary;
