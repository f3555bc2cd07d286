import { Link } from "@remix-run/react";
import type { StaffPermission } from "~/platform/identity/staff-permissions";
import { useTranslation } from "~/utils/i18n";
import { useStaffCan } from "../use-staff-can";

/**
 * The player page's tabs, in order, each with the permission that reads it
 * (besides `players.view`, which opens the page): a role sees the tabs of the
 * screens it may read anyway. The first is the page without `?tab=`.
 */
export const PLAYER_TAB_PERMISSION = {
  profile: "players.view",
  ledger: "players.view",
  bets: "players.view",
  bonuses: "promotions.view",
  payments: "withdrawals.view",
  protection: "protection.view",
  "sign-ins": "players.view",
  linked: "players.view",
  agency: "agents.view",
  messages: "support.view",
  adjustments: "adjustments.view",
  notes: "players.view",
} as const satisfies Record<string, StaffPermission>;
export type PlayerTab = keyof typeof PLAYER_TAB_PERMISSION;
export const PLAYER_TABS = Object.keys(PLAYER_TAB_PERMISSION) as [PlayerTab, ...PlayerTab[]];

/** The player page's tabs: links (the tab is in the URL), the one shown marked as current. */
export function PlayerTabs({ memberId, current }: { memberId: string; current: PlayerTab }) {
  const { t } = useTranslation();
  return (
    <nav className="tabs player-tabs" aria-label={t("opsPlayers.tabs.label")}>
      <ul>
        {PLAYER_TABS.map((tab) => (
          <PlayerTabItem key={tab} tab={tab} memberId={memberId} current={current} />
        ))}
      </ul>
    </nav>
  );
}

function PlayerTabItem({
  tab,
  memberId,
  current,
}: {
  tab: PlayerTab;
  memberId: string;
  current: PlayerTab;
}) {
  const { t } = useTranslation();
  if (!useStaffCan(PLAYER_TAB_PERMISSION[tab])) return null;
  return (
    <li>
      <Link
        to={tab === "profile" ? `/ops/players/${memberId}` : `/ops/players/${memberId}?tab=${tab}`}
        aria-current={tab === current ? "page" : undefined}
        data-testid={`ops-player-tab-${tab}`}
      >
        {t(`opsPlayers.tabs.${tab}`)}
      </Link>
    </li>
  );
}
