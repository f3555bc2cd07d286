import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import type { MenuGroupData } from "./types";

/** The game menu (game_menus): the page's games by lottery type (accountTypeName); plain links, so it works without JavaScript. */
export function LotteryGameMenu({
  groups,
  prizeMode,
}: {
  groups: MenuGroupData[];
  prizeMode: string;
}) {
  const { t } = useTranslation();
  return (
    <nav
      className="lottery-menu member-card"
      aria-labelledby="lottery-menu-title"
      data-testid="lottery-menu"
    >
      <h2 id="lottery-menu-title">{t("lottery.menu.title")}</h2>
      <p className="muted" data-testid="lottery-prize-mode">
        {t("lottery.menu.prizeMode", { mode: t(`lottery.prizeModes.${prizeMode}`) })}
      </p>
      {groups.map((group) => (
        <section
          key={group.accountTypeName}
          className="lottery-menu-group"
          aria-label={t(`lottery.types.${group.accountTypeName}`)}
        >
          <h3>{t(`lottery.types.${group.accountTypeName}`)}</h3>
          <ul>
            {group.games.map((game) => (
              <li key={game.gameCode}>
                <Link
                  to={game.href}
                  aria-current={game.current ? "page" : undefined}
                  className={game.current ? "current" : undefined}
                >
                  {game.gameName}
                  <span className="muted"> · {game.gameCode}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
