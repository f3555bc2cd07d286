import { PlainLink } from "~/components/ui/plain-link";
import { useTranslation } from "~/utils/i18n";
import { launchHref } from "~/utils/lobby-links";
import { withSearchParam } from "~/utils/misc";
import { Dialog } from "../ui/dialog";
import { GameIcon } from "../ui/game-icon";
import { Pager } from "../ui/pager";

/** What the vendor game list popup shows: the vendor and one page of its games. */
export interface VendorGamesData {
  vassalage: string;
  category: string;
  vendorName: string;
  page: {
    games: { nodeId: number; gameName: string; iconUrl: string | null; showIcon: boolean }[];
    pageNum: number;
    totalPages: number;
    total: number;
  };
}

/** The URL-state keys of the popup (see vendorGamesDialog): closing it removes them all. */
const POPUP_PARAMS = ["modal", "vendorGames", "vendorCategory", "vendorGamesPage"];

export const closeVendorGamesHref = (here: string) =>
  POPUP_PARAMS.reduce((url, key) => withSearchParam(url, key, null), here);

/**
 * Vendor game list popup (a vendor whose isGame is VASSALAGE): its games
 * as links that launch each one (the game popup route decides who may),
 * paged by links, closed by a link, so all of it works without JavaScript.
 */
export function VendorGamesDialog({ data, here }: { data: VendorGamesData; here: string }) {
  const { t } = useTranslation();
  const { page } = data;
  return (
    <Dialog
      title={t("vendorGames.title", { vendor: data.vendorName })}
      close={{ href: closeVendorGamesHref(here) }}
      className="vendor-games-dialog"
      testId="vendor-games-dialog"
    >
      <p className="muted" role="status">
        {t("lobby.gameCount", { count: page.total })}
      </p>
      {page.games.length ? (
        <ul
          className="vendor-games"
          aria-label={t("vendorGames.listLabel", { vendor: data.vendorName })}
        >
          {page.games.map((game) => (
            <li key={game.nodeId} data-testid="vendor-game" data-node-id={game.nodeId}>
              <PlainLink to={launchHref(game.nodeId)}>
                <GameIcon src={game.showIcon ? game.iconUrl : null} alt="" size={64} />
                <span>{game.gameName}</span>
              </PlainLink>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{t("lobby.noGames")}</p>
      )}
      <Pager
        pageNum={page.pageNum}
        totalPages={page.totalPages}
        pageHref={(n) => withSearchParam(here, "vendorGamesPage", n)}
      />
    </Dialog>
  );
}
