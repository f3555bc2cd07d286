import { Link, useLocation } from "@remix-run/react";
import { GameGrid } from "~/components/play/game-grid";
import type { GameTileData } from "~/components/play/game-tile";
import { Pager } from "~/components/ui/pager";
import { useTranslation } from "~/utils/i18n";
import { withSearchParam } from "~/utils/misc";
import { REFUSED_PARAM } from "./refused-param";

export interface AccountGamesData {
  kind: "favorite" | "recent";
  title: string;
  page: { games: GameTileData[]; pageNum: number; totalPages: number; total: number };
}

/** Account games page: /favorite (the member's favourites) and /recent (games played with real money). */
export function AccountGamesPage({ data }: { data: AccountGamesData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = withSearchParam(location.pathname + location.search, REFUSED_PARAM, null);
  const pageHref = (page: number) => withSearchParam(here, "page", page);
  return (
    <div className="game-list-page account-games" data-testid={`account-games-${data.kind}`}>
      <h1>{data.title}</h1>
      {data.page.total ? (
        <p className="muted" data-testid="game-count">
          {t("lobby.gameCount", { count: data.page.total })}
        </p>
      ) : null}
      <GameGrid
        games={data.page.games}
        pageNum={data.page.pageNum}
        totalPages={data.page.totalPages}
        pageHref={pageHref}
        returnTo={here}
        label={data.title}
        empty={
          <>
            {t(data.kind === "favorite" ? "favourites.empty" : "favourites.recentEmpty")}{" "}
            <Link to="/">{t("favourites.browse")}</Link>
          </>
        }
      />
      <Pager pageNum={data.page.pageNum} totalPages={data.page.totalPages} pageHref={pageHref} />
    </div>
  );
}
