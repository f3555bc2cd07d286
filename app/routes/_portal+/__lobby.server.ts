import { json, redirect } from "@remix-run/node";
import {
  HOME_PAGE_SIZE,
  HOME_VENDOR_LIMIT,
  LIST_PAGE_SIZE,
  WINNER_BOARD_LIMIT,
} from "~/platform/catalog/categories";
import { firstGame, listGames } from "~/platform/catalog/games.server";
import { listHotGames } from "~/platform/catalog/hot-games.server";
import { getVendorLanes, lobbyTabs, type VendorLane } from "~/platform/catalog/lanes.server";
import { listWinners } from "~/platform/catalog/winners.server";
import {
  audienceOf,
  listAnnouncements,
  type Announcement,
} from "~/platform/content/announcements.server";
import { listBanners } from "~/platform/content/banners.server";
import { FAVOURITE_PAGE_SIZE, listFavourites } from "~/platform/play/favourites.server";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { getViewer } from "~/utils/auth.server";
import { i18next } from "~/utils/i18next.server";
import { loginHref } from "~/utils/lobby-links";
import { pageParam } from "~/utils/pagination";
import { closedAnnouncementAudiences } from "~/utils/prefs.server";
import { gameTile, tilePage, vendorTile } from "./__catalog-tiles.server";

/** Categories whose lobby section is a game grid; the others show vendor tiles. */
const GRID_CATEGORIES = new Set(["RNG", "FISH", "MXWIN"]);

type Tile = ReturnType<typeof gameTile>;
type VendorTileData = ReturnType<typeof vendorTile>;

export type LobbySection =
  | {
      kind: "games";
      category: string;
      vendors: VendorTileData[];
      activeVendor: string | null;
      page: ReturnType<typeof tilePage>;
    }
  | { kind: "vendors"; category: string; vendors: VendorTileData[]; entrance: Tile | null }
  | { kind: "empty"; category: string };

/** Announcement popup: pages of 9. */
const ANNOUNCEMENT_PAGE_SIZE = 9;

export type LobbyDialog =
  | { kind: "notice"; index: number; total: number; notice: Announcement }
  | {
      kind: "announcements";
      page: number;
      totalPages: number;
      items: Announcement[];
      /** Whose set it is, for the closed marker. */
      audience: string;
    }
  | null;

export interface LobbyOptions {
  /** The route opens a dialog of its own (/login, /register): no lobby popup on top of it. */
  ownDialog?: boolean;
}

async function sectionFor(
  lane: VendorLane | undefined,
  category: string,
  home: boolean,
  params: URLSearchParams,
  language: string,
): Promise<LobbySection> {
  const db = await getDb();
  if (!lane) return { kind: "empty", category };
  const vendors = (home ? lane.cards.slice(0, HOME_VENDOR_LIMIT) : lane.cards).map(vendorTile);
  const key = category.toLowerCase();
  if (GRID_CATEGORIES.has(category)) {
    const requested = params.get(`${key}Vendor`);
    const activeVendor = lane.cards.some((card) => card.vassalage === requested) ? requested : null;
    const page = await listGames(db, {
      category,
      language,
      vassalage: activeVendor,
      page: pageParam(params.get(`${key}Page`)),
      pageSize: home ? HOME_PAGE_SIZE : LIST_PAGE_SIZE,
    });
    return { kind: "games", category, vendors, activeVendor, page: tilePage(page) };
  }
  const entrance = category === "SPORTS" ? await firstGame(db, "SPORTS", language) : null;
  return { kind: "vendors", category, vendors, entrance: entrance && gameTile(entrance) };
}

/** Everything the home lobby shows, for one request. */
export async function loadLobby(request: Request, options: LobbyOptions = {}) {
  const db = await getDb();
  const url = new URL(request.url);
  const params = url.searchParams;
  const [language, brand] = await Promise.all([i18next.getLocale(request), getBrandConfig(db)]);
  const lanes = await getVendorLanes(db, brand, language);
  const tabs = lobbyTabs(lanes);
  const requestedTab = (params.get("tab") ?? "HOME").toUpperCase();
  const tab = tabs.includes(requestedTab) ? requestedTab : "HOME";
  const home = tab === "HOME";
  // FAV needs login; a visitor gets the login dialog, returning to the FAV tab.
  const viewer = await getViewer(request);
  if (tab === "FAV" && !viewer) throw redirect(loginHref("/?tab=FAV"));

  const categories = home
    ? tabs.filter((name) => name !== "HOME" && name !== "FAV")
    : tab === "FAV"
      ? []
      : [tab];
  // By `execution`: the announcements of this reader's audience.
  const audience = audienceOf(viewer);
  const [sections, hot, favourites, winners, banners, notices, closedAudiences] = await Promise.all(
    [
      Promise.all(
        categories.map((category) =>
          sectionFor(
            lanes.find((lane) => lane.title === category),
            category,
            home,
            params,
            language,
          ),
        ),
      ),
      home
        ? listHotGames(db, {
            language,
            fallbackLanguage: brand.defaultLanguage,
            page: pageParam(params.get("hotPage")),
            pageSize: HOME_PAGE_SIZE,
          })
        : null,
      // FAV tab: the member's favourites section (page size 999).
      tab === "FAV" && viewer
        ? listFavourites(
            db,
            viewer.member.id,
            language,
            pageParam(params.get("favPage")),
            FAVOURITE_PAGE_SIZE,
          )
        : null,
      listWinners(db, { language, limit: WINNER_BOARD_LIMIT }),
      listBanners(db, "w_home", language),
      listAnnouncements(db, { audience, language, fallbackLanguage: brand.defaultLanguage }),
      closedAnnouncementAudiences(request),
    ],
  );

  const noticeIndex = Number(params.get("notice"));
  let dialog: LobbyDialog = null;
  // A dialog of the route itself (/login, /register) or of the portal layout (?modal=…: real account,
  // vendor games, logout) is on top already: no lobby popup stacks under it.
  if (options.ownDialog || params.has("modal")) {
    dialog = null;
  } else if (params.has("notice") && Number.isInteger(noticeIndex) && notices.player[noticeIndex]) {
    dialog = {
      kind: "notice",
      index: noticeIndex,
      total: notices.player.length,
      notice: notices.player[noticeIndex]!,
    };
  } else if (
    notices.popup.length &&
    (params.has("announcements") || !closedAudiences.has(audience.join("")))
  ) {
    const totalPages = Math.ceil(notices.popup.length / ANNOUNCEMENT_PAGE_SIZE);
    const page = Math.min(pageParam(params.get("announcements")), totalPages);
    const items = notices.popup.slice(
      (page - 1) * ANNOUNCEMENT_PAGE_SIZE,
      page * ANNOUNCEMENT_PAGE_SIZE,
    );
    dialog = { kind: "announcements", page, totalPages, items, audience: audience.join("") };
  }

  return {
    tab,
    tabs,
    sections,
    hot: hot && tilePage(hot),
    favourites: favourites && tilePage(favourites),
    winners,
    banners,
    marquee: notices.player.map(({ id, title }) => ({ id, title })),
    dialog,
    currency: brand.currency,
    language,
    timeZone: brand.timeZone,
  };
}

export type LobbyData = Awaited<ReturnType<typeof loadLobby>>;

/** The response of every address that shows the lobby (/, /index, /home, /login …). */
export async function lobbyResponse(request: Request, options: LobbyOptions = {}) {
  return json(await loadLobby(request, options));
}
