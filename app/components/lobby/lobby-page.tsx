import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/utils/i18n";
import { withSearchParam } from "~/utils/misc";
import { AnnouncementPopup, type AnnouncementData } from "./announcement-popup";
import { BannerCarousel, type BannerData } from "./banner-carousel";
import { LobbySection, type SectionData } from "./lobby-section";
import { NoticeDialog } from "./notice-dialog";
import { NoticeMarquee } from "./notice-marquee";
import { WinnerBoard, type WinnerRow } from "./winner-board";
import { GameGrid } from "../play/game-grid";
import type { GameTileData } from "../play/game-tile";
import { REFUSED_PARAM } from "../play/refused-param";

export interface LobbyPageData {
  tab: string;
  tabs: string[];
  sections: SectionData[];
  hot: { games: GameTileData[]; pageNum: number; totalPages: number } | null;
  /** The FAV tab's section: the member's favourites. */
  favourites: { games: GameTileData[]; pageNum: number; totalPages: number } | null;
  winners: WinnerRow[];
  banners: BannerData[];
  marquee: { id: number; title: string }[];
  dialog:
    | { kind: "notice"; index: number; total: number; notice: AnnouncementData }
    | {
        kind: "announcements";
        page: number;
        totalPages: number;
        items: AnnouncementData[];
        audience: string;
      }
    | null;
  currency: { symbol: string; minorUnits: number };
  language: string;
  timeZone: string;
}

/**
 * The home lobby, also behind /login and /register: those routes pass
 * their own dialog, so its form code loads with them, not with the home page.
 */
export function LobbyPage({ data, dialog }: { data: LobbyPageData; dialog?: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  // Dialog routes return to the lobby itself, not to themselves.
  const lobbyPath = ["/login", "/register"].includes(location.pathname) ? "/" : location.pathname;
  // The lobby as it stands, without the parameters that only open dialogs.
  const base = ["notice", "announcements", "redirectTo", REFUSED_PARAM].reduce(
    (url, key) => withSearchParam(url, key, null),
    lobbyPath + location.search,
  );
  const tabHref = (tab: string) => (tab === "HOME" ? "/" : `/?tab=${tab}`);

  return (
    <div className="lobby">
      {/* The page's title for screen readers and outlines; the design shows the banners instead. */}
      <h1 className="visually-hidden">{t("lobby.title")}</h1>
      <BannerCarousel banners={data.banners} />
      <NoticeMarquee
        titles={data.marquee}
        hrefFor={(index) => withSearchParam(base, "notice", index)}
      />

      <nav className="lobby-tabs" aria-label={t("lobby.categories")}>
        <ul>
          {data.tabs.map((tab) => (
            <li key={tab}>
              <Link
                to={tabHref(tab)}
                aria-current={data.tab === tab ? "page" : undefined}
                data-tab={tab}
                preventScrollReset
              >
                {t(`category.${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="lobby-content">
        <div className="lobby-sections">
          {data.hot ? (
            <section
              className="lobby-section"
              aria-labelledby="section-hot"
              data-testid="section-HOT"
            >
              <header className="section-header">
                <h2 id="section-hot">{t("lobby.hotGames")}</h2>
                <form method="post" action="/resources/hot-games" className="inline-form">
                  <input type="hidden" name="redirectTo" value={base} />
                  <button type="submit" className="link-button">
                    {t("lobby.refresh")}
                  </button>
                </form>
              </header>
              <GameGrid
                games={data.hot.games}
                pageNum={data.hot.pageNum}
                totalPages={data.hot.totalPages}
                pageHref={(page) => withSearchParam(base, "hotPage", page)}
                returnTo={base}
                label={t("lobby.hotGames")}
              />
            </section>
          ) : null}
          {data.favourites ? (
            <section
              className="lobby-section"
              aria-labelledby="section-fav"
              data-testid="section-FAV"
            >
              <header className="section-header">
                <h2 id="section-fav">{t("favourites.title")}</h2>
              </header>
              <GameGrid
                games={data.favourites.games}
                pageNum={data.favourites.pageNum}
                totalPages={data.favourites.totalPages}
                pageHref={(page) => withSearchParam(base, "favPage", page)}
                returnTo={base}
                label={t("favourites.title")}
                empty={t("favourites.empty")}
              />
            </section>
          ) : null}
          {data.sections.map((section) => (
            <LobbySection
              key={section.category}
              section={section}
              here={base}
              home={data.tab === "HOME"}
            />
          ))}
        </div>
        <aside className="lobby-aside">
          <WinnerBoard winners={data.winners} currency={data.currency} locale={data.language} />
        </aside>
      </div>

      {dialog}
      {data.dialog?.kind === "notice" ? (
        <NoticeDialog
          notice={data.dialog.notice}
          index={data.dialog.index}
          total={data.dialog.total}
          hrefFor={(index) => withSearchParam(base, "notice", index)}
          closeHref={base}
          timeZone={data.timeZone}
        />
      ) : null}
      {data.dialog?.kind === "announcements" ? (
        <AnnouncementPopup
          items={data.dialog.items}
          page={data.dialog.page}
          totalPages={data.dialog.totalPages}
          pageHref={(page) => withSearchParam(base, "announcements", page)}
          returnTo={base}
          audience={data.dialog.audience}
          timeZone={data.timeZone}
        />
      ) : null}
    </div>
  );
}
