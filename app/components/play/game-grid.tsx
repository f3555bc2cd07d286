import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/utils/i18n";
import { GameTile, type GameTileData } from "./game-tile";

/** Game grid: 6 per row, a page of 12 on home and 24 elsewhere, paging arrows. */
export function GameGrid({
  games,
  pageNum,
  totalPages,
  pageHref,
  returnTo,
  label,
  empty,
}: {
  games: GameTileData[];
  pageNum: number;
  totalPages: number;
  pageHref: (page: number) => string;
  returnTo: string;
  label: string;
  /** What an empty grid says instead of the catalog's "no games" (e.g. no favourites yet). */
  empty?: ReactNode;
}) {
  const { t } = useTranslation();
  if (!games.length) {
    return <p className="empty-state">{empty ?? t("lobby.noGames")}</p>;
  }
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
      <ul className="game-grid" aria-label={label}>
        {games.map((game) => (
          <GameTile key={game.nodeId} game={game} returnTo={returnTo} />
        ))}
      </ul>
    </div>
  );
}
