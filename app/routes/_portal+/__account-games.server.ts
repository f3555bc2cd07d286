import { json } from "@remix-run/node";
import { LIST_PAGE_SIZE } from "~/platform/catalog/categories";
import { FAVOURITE_PAGE_SIZE, listFavourites } from "~/platform/play/favourites.server";
import { listRecentGames } from "~/platform/play/recent.server";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { requireMember } from "~/utils/auth.server";
import { i18next, translatorFor } from "~/utils/i18next.server";
import { pageParam } from "~/utils/pagination";
import { tilePage } from "./__catalog-tiles.server";

/**
 * Account games pages, login required: /favorite (the member's favourites,
 * page size 999) and /recent (games launched with real money, pages of 24).
 */
export async function accountGamesResponse(request: Request, kind: "favorite" | "recent") {
  const viewer = await requireMember(request);
  const db = await getDb();
  const [language, t, brand] = await Promise.all([
    i18next.getLocale(request),
    translatorFor(request),
    getBrandConfig(db),
  ]);
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const games =
    kind === "favorite"
      ? await listFavourites(db, viewer.member.id, language, page, FAVOURITE_PAGE_SIZE)
      : await listRecentGames(db, viewer.member.id, language, page, LIST_PAGE_SIZE);
  return json({
    kind,
    title: t(kind === "favorite" ? "favourites.title" : "favourites.recentTitle"),
    brandName: brand.name,
    page: tilePage(games),
  });
}
