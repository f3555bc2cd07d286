import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/utils/i18n";
import { GameTile, type GameTileData } from "./game-tile";
import { useNearViewport } from "../ui/use-near-viewport";

/**
 * Game grid: 6 per row, a page of 12 on home and 24 elsewhere, paging arrows.
 *
 * `deferTiles` (the home lobby's lanes, most of them below a phone's first screen): the tiles,
 * eight elements each, are built when the grid comes near the screen; until then, and for a
 * browser without JavaScript, they are in the first HTML inside `<noscript>`, and a box of the
 * grid's height holds their place.
 */
export function GameGrid({
  games,
  pageNum,
  totalPages,
  pageHref,
  returnTo,
  label,
  empty,
  deferTiles = false,
}: {
  games: GameTileData[];
  pageNum: number;
  totalPages: number;
  pageHref: (page: number) => string;
  returnTo: string;
  label: string;
  /** What an empty grid says instead of the catalog's "no games" (e.g. no favourites yet). */
  empty?: ReactNode;
  deferTiles?: boolean;
}) {
  const { t } = useTranslation();
  const { ref: placeRef, near } = useNearViewport<HTMLDivElement>({ enabled: deferTiles });
  if (!games.length) {
    return <p className="empty-state">{empty ?? t("lobby.noGames")}</p>;
  }
  const tiles = (
    <ul className="game-grid" aria-label={label}>
      {games.map((game) => (
        <GameTile key={game.nodeId} game={game} returnTo={returnTo} />
      ))}
    </ul>
  );
  const rows = Math.ceil(games.length / 6);
  return (
    <div className="game-grid-wrap">
      {totalPages > 1 ? (
        <div className="grid-arrows" role="group" aria-label={t("pager.label", { label })}>
          {pageNum > 1 ? (
            <Link
              to={pageHref(pageNum - 1)}
              className="arrow"
              rel="prev"
              preventScrollReset
              aria-label={t("pager.previous")}
            >
              <span aria-hidden="true">‹</span>
            </Link>
          ) : (
            <span className="arrow" aria-disabled="true">
              <span aria-hidden="true">‹</span>
            </span>
          )}
          <span className="page-status" data-testid="page-status">
            {t("pager.status", { page: pageNum, total: totalPages })}
          </span>
          {pageNum < totalPages ? (
            <Link
              to={pageHref(pageNum + 1)}
              className="arrow"
              rel="next"
              preventScrollReset
              aria-label={t("pager.next")}
            >
              <span aria-hidden="true">›</span>
            </Link>
          ) : (
            <span className="arrow" aria-disabled="true">
              <span aria-hidden="true">›</span>
            </span>
          )}
        </div>
      ) : null}
      {near ? (
        tiles
      ) : (
        <>
          <noscript>{tiles}</noscript>
          <div className="game-grid-placeholder" ref={placeRef} data-rows={rows} />
        </>
      )}
    </div>
  );
}
