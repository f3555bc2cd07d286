import type { GameCard, GamePage } from "~/platform/catalog/games.server";
import type { VendorCard } from "~/platform/catalog/lanes.server";

/** What a game tile shows: pages carry no more of a game than they render. */
export function gameTile(game: GameCard) {
  return {
    nodeId: game.nodeId,
    gameName: game.gameName,
    nodeName: game.nodeName,
    iconUrl: game.iconUrl,
    showIcon: game.showIcon,
    vassalage: game.vassalage,
  };
}

export function vendorTile(card: VendorCard) {
  return { vassalage: card.vassalage, displayName: card.displayName, lagerIcon: card.lagerIcon };
}

export function tilePage(page: GamePage) {
  return {
    games: page.games.map(gameTile),
    pageNum: page.pageNum,
    totalPages: page.totalPages,
    total: page.total,
  };
}
