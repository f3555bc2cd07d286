import { PlainLink } from "~/components/ui/plain-link";
import { useTranslation } from "~/utils/i18n";
import { launchHref, loginHref } from "~/utils/lobby-links";
import { MemberFavouriteToggle } from "./member-favourite";
import { useFavourites } from "./use-favourites";
import { GameIcon } from "../ui/game-icon";

export interface GameTileData {
  nodeId: number;
  gameName: string;
  nodeName: string;
  iconUrl: string | null;
  showIcon: boolean;
  vassalage: string;
}

/**
 * Game tile: play now, free trial and the favourite toggle. Launches are
 * decided by the game popup route: a visitor gets the login dialog and
 * the game after logging in, a trial account the real-account notice.
 * A member's favourite toggle is a form (member-favourite.tsx); a visitor's
 * is the login dialog.
 */
export function GameTile({ game, returnTo }: { game: GameTileData; returnTo: string }) {
  const { t } = useTranslation();
  const login = loginHref(returnTo);
  const playNow = t("game.playNow");
  const freeTrial = t("game.freeTrial");
  const favourites = useFavourites();
  return (
    <li className="game-tile" data-testid="game-tile" data-node-id={game.nodeId}>
      <div className="game-art">
        <GameIcon src={game.showIcon ? game.iconUrl : null} alt="" />
        <div className="game-actions">
          {/* The name starts with the visible text, so voice control finds the button by what it shows. */}
          <PlainLink
            to={launchHref(game.nodeId)}
            className="button primary small"
            aria-label={`${playNow}: ${game.gameName}`}
          >
            {playNow}
          </PlainLink>
          <PlainLink
            to={launchHref(game.nodeId, "demo")}
            className="button small"
            aria-label={`${freeTrial}: ${game.gameName}`}
          >
            {freeTrial}
          </PlainLink>
        </div>
        {favourites ? (
          <MemberFavouriteToggle
            nodeId={game.nodeId}
            gameName={game.gameName}
            favourite={favourites.has(game.nodeId)}
            returnTo={returnTo}
          />
        ) : (
          <PlainLink
            to={login}
            className="favourite-toggle"
            aria-label={t("game.addFavourite", { name: game.gameName })}
            keepScroll
          />
        )}
      </div>
      <p className="game-name" title={game.gameName}>
        {game.gameName}
      </p>
      <p className="game-vendor">{game.nodeName}</p>
    </li>
  );
}
