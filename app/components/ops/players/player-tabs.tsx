import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";

/** The player page's tabs, in order; the first is the page without `?tab=`. */
export const PLAYER_TABS = ["profile", "ledger", "payments", "sign-ins", "linked"] as const;
export type PlayerTab = (typeof PLAYER_TABS)[number];

/** The player page's tabs: links (the tab is in the URL), the one shown marked as current. */
export function PlayerTabs({ memberId, current }: { memberId: string; current: PlayerTab }) {
  const { t } = useTranslation();
  return (
    <nav className="tabs player-tabs" aria-label={t("opsPlayers.tabs.label")}>
      <ul>
        {PLAYER_TABS.map((tab) => (
          <li key={tab}>
            <Link
              to={
                tab === "profile"
                  ? `/ops/players/${memberId}`
                  : `/ops/players/${memberId}?tab=${tab}`
              }
              aria-current={tab === current ? "page" : undefined}
              data-testid={`ops-player-tab-${tab}`}
            >
              {t(`opsPlayers.tabs.${tab}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
