import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { withSearchParam } from "~/utils/misc";
import { VendorSubMenu } from "./vendor-sub-menu";
import { GameGrid } from "../play/game-grid";
import type { GameTileData } from "../play/game-tile";
import { TableList, type TableEntry } from "../play/table-list";
import { Pager } from "../ui/pager";

export interface GameListData {
  category: string;
  vendors: { vassalage: string; displayName: string }[];
  vassalage: string | null;
  subTypes: string[];
  classify: string | null;
  page: { games: GameTileData[]; pageNum: number; totalPages: number; total: number };
  /** /live and /pvp: the games as tables and rooms, listed instead of the grid. */
  tables: TableEntry[] | null;
  currency: { symbol: string; minorUnits: number } | null;
}

/**
 * /live /fish /rng /pvp: a category's games, filtered by vendor (and RNG
 * sub-type), paged in the URL; live tables and PVP rooms as a table list.
 */
export function GameListPage({ data }: { data: GameListData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  const title = t(`category.${data.category}`);
  const pageHref = (page: number) => withSearchParam(here, "page", page);
  const filterHref = (key: string, value: string | null) =>
    withSearchParam(withSearchParam(here, key, value), "page", null);
  return (
    <div className="game-list-page">
      <h1>{title}</h1>
      <VendorSubMenu
        vendors={data.vendors}
        active={data.vassalage}
        label={t("lobby.vendorsOf", { category: title })}
        hrefFor={(vassalage) => filterHref("vassalage", vassalage)}
      />
      {data.subTypes.length ? (
        <nav className="sub-menu sub-types" aria-label={t("lobby.subTypes")}>
          <ul>
            <li>
              <Link
                to={filterHref("classify", null)}
                aria-current={data.classify === null ? "true" : undefined}
              >
                {t("lobby.allTypes")}
              </Link>
            </li>
            {data.subTypes.map((type) => (
              <li key={type}>
                <Link
                  to={filterHref("classify", type)}
                  aria-current={data.classify === type ? "true" : undefined}
                  data-classify={type}
                >
                  {t(`rngType.${type}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p className="muted" data-testid="game-count">
        {t("lobby.gameCount", { count: data.page.total })}
      </p>
      {data.tables ? (
        <p>
          <Link to="/chat" data-testid="lobby-chat-link">
            {t("chat.lobbyLink")}
          </Link>
        </p>
      ) : null}
      {data.tables && data.currency ? (
        <TableList
          category={data.category}
          tables={data.tables}
          currency={data.currency}
          label={title}
        />
      ) : (
        <GameGrid
          games={data.page.games}
          pageNum={data.page.pageNum}
          totalPages={data.page.totalPages}
          pageHref={pageHref}
          returnTo={here}
          label={title}
        />
      )}
      <Pager pageNum={data.page.pageNum} totalPages={data.page.totalPages} pageHref={pageHref} />
    </div>
  );
}
