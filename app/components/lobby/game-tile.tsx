import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { loginHref } from "~/utils/lobby-links";
import { GameIcon } from "../ui/game-icon";
import { Icon } from "../ui/icon";

export interface GameTileData {
  nodeId: number;
  gameName: string;
  nodeName: string;
  iconUrl: string | null;
  showIcon: boolean;
  vassalage: string;
}

/**
 * §2 game tile: play now, free trial and the favourite toggle. A visitor's
 * action opens the login dialog and comes back here afterwards.
 */
export function GameTile({ game, returnTo }: { game: GameTileData; returnTo: string }) {
  const { t } = useTranslation();
  const login = loginHref(returnTo);
  return (
    <li className="game-tile" data-testid="game-tile" data-node-id={game.nodeId}>
      <div className="game-art">
        <GameIcon src={game.showIcon ? game.iconUrl : null} alt="" />
        <div className="game-actions">
          <Link to={login} className="button primary small" preventScrollReset>
            {t("game.playNow")}
            <span className="visually-hidden">: {game.gameName}</span>
          </Link>
          <Link to={login} className="button small" preventScrollReset>
            {t("game.freeTrial")}
            <span className="visually-hidden">: {game.gameName}</span>
          </Link>
        </div>
        <Link
          to={login}
          className="favourite-toggle"
          aria-label={t("game.addFavourite", { name: game.gameName })}
          preventScrollReset
        >
          <Icon name="heart" size={18} />
        </Link>
      </div>
      <p className="game-name" title={game.gameName}>
        {game.gameName}
      </p>
      <p className="game-vendor">{game.nodeName}</p>
    </li>
  );
}
