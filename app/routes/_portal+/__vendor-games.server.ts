import type { VendorGamesData } from "~/components/play/vendor-games-dialog";
import { LIST_PAGE_SIZE } from "~/platform/catalog/categories";
import { listGames } from "~/platform/catalog/games.server";
import type { VendorLane } from "~/platform/catalog/lanes.server";
import type { Database } from "~/platform/db/open.server";
import { pageParam } from "~/utils/pagination";

/** Derived lanes (ESPORTS, COCKFIGHT) keep their games under SPORTS. */
const storedCategory = (category: string) =>
  category === "ESPORTS" || category === "COCKFIGHT" ? "SPORTS" : category;

/**
 * `isGame == VASSALAGE`: the vendor's game list popup, URL state
 * (`?modal=vendor-games&vendorGames=<vassalage>&vendorCategory=<category>`,
 * paged by `vendorGamesPage`, 24 games a page). Null when the URL does not
 * ask for it or names no vendor of the brand's lanes.
 */
export async function vendorGamesDialog(
  db: Database,
  url: URL,
  lanes: readonly VendorLane[],
  language: string,
): Promise<VendorGamesData | null> {
  const params = url.searchParams;
  if (params.get("modal") !== "vendor-games") return null;
  const lane = lanes.find((entry) => entry.title === params.get("vendorCategory"));
  const card = lane?.cards.find((entry) => entry.vassalage === params.get("vendorGames"));
  if (!lane || !card) return null;
  const page = await listGames(db, {
    category: storedCategory(lane.title),
    language,
    vassalage: card.vassalage,
    page: pageParam(params.get("vendorGamesPage")),
    pageSize: LIST_PAGE_SIZE,
  });
  return {
    vassalage: card.vassalage,
    category: lane.title,
    vendorName: card.displayName,
    page: {
      games: page.games.map(({ nodeId, gameName, iconUrl, showIcon }) => ({
        nodeId,
        gameName,
        iconUrl,
        showIcon,
      })),
      pageNum: page.pageNum,
      totalPages: page.totalPages,
      total: page.total,
    },
  };
}
