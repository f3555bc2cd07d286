import { json } from "@remix-run/node";
import { dayIn, startOfDay } from "~/platform/calendar/date-range";
import { LIST_PAGE_SIZE, type Category } from "~/platform/catalog/categories";
import { firstGame, listGames } from "~/platform/catalog/games.server";
import { getVendorLanes } from "~/platform/catalog/lanes.server";
import { isTableCategory, listTables } from "~/platform/play/tables.server";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { i18next } from "~/utils/i18next.server";
import { pageParam } from "~/utils/pagination";
import { gameTile, tilePage, vendorTile } from "./__catalog-tiles.server";

async function laneOf(request: Request, category: Category) {
  const db = await getDb();
  const [language, brand] = await Promise.all([i18next.getLocale(request), getBrandConfig(db)]);
  const lanes = await getVendorLanes(db, brand, language);
  const lane = lanes.find((entry) => entry.title === category);
  return { db, language, lane, brand };
}

/**
 * A game list page (/live /fish /rng /pvp): vendor and sub-type filters,
 * 24 games a page. /live and /pvp list their games as tables (CBS_modelList,
 * GLS2_roomList): limits, players now, rounds today and the last results.
 */
export async function gameListResponse(request: Request, category: Category) {
  const { db, language, lane, brand } = await laneOf(request, category);
  const params = new URL(request.url).searchParams;
  const vendors = lane?.cards ?? [];
  const requestedVendor = params.get("vassalage");
  const vassalage = vendors.some((card) => card.vassalage === requestedVendor)
    ? requestedVendor
    : null;
  const requestedClassify = params.get("classify");
  const subTypes = lane?.gameClassify ?? [];
  const classify =
    requestedClassify && subTypes.includes(requestedClassify) ? requestedClassify : null;
  const pageNum = pageParam(params.get("page"));
  if (isTableCategory(category)) {
    const now = new Date();
    const { page, tables } = await listTables(db, {
      category,
      language,
      vassalage,
      page: pageNum,
      pageSize: LIST_PAGE_SIZE,
      minorUnits: brand.currency.minorUnits,
      now,
      dayStart: startOfDay(dayIn(brand.timeZone, now), brand.timeZone),
    });
    const currency = { symbol: brand.currency.symbol, minorUnits: brand.currency.minorUnits };
    return json(
      // The tables carry the games; the page only its count and numbers.
      {
        category,
        vendors: vendors.map(vendorTile),
        vassalage,
        subTypes,
        classify,
        page: { ...tilePage(page), games: [] as ReturnType<typeof tilePage>["games"] },
        tables,
        currency,
      },
      // Players and results change by the minute: never a stale table list.
      { headers: { "Cache-Control": "no-store" } },
    );
  }
  const page = await listGames(db, {
    category,
    language,
    vassalage,
    classify,
    page: pageNum,
    pageSize: LIST_PAGE_SIZE,
  });
  return json({
    category,
    vendors: vendors.map(vendorTile),
    vassalage,
    subTypes,
    classify,
    page: tilePage(page),
    tables: null,
    currency: null,
  });
}

/** A game centre page (/sports /esports /lott /elott): the category's vendors. */
export async function gameCentreResponse(request: Request, category: Category) {
  const { db, language, lane } = await laneOf(request, category);
  const entrance = category === "SPORTS" ? await firstGame(db, "SPORTS", language) : null;
  return json({
    category,
    vendors: (lane?.cards ?? []).map(vendorTile),
    entrance: entrance && gameTile(entrance),
  });
}
