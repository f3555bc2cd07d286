import { Link } from "@remix-run/react";
import { Pager, useSamePageHref } from "~/components/ui/pager";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { PanelTable } from "./panel-table";

/** The agency tab's data, as JSON (the platform's PlayerAgency). */
export interface PlayerAgencyView {
  upline: { id: string; account: string; role: string; status: string; depth: number }[];
  downline: {
    rows: { id: string; account: string; role: string; status: string; createdAt: string }[];
    total: number;
    page: number;
    pageCount: number;
  };
}

/**
 * Where the account sits in the agent tree: each agent above it up to the
 * top, and the accounts directly under it, a page at a time; each links to
 * its own player page.
 */
export function AgencyPanel({
  upline,
  downline,
  timeZone,
}: PlayerAgencyView & { timeZone: string }) {
  const { t } = useTranslation();
  const pageHref = useSamePageHref();
  return (
    <>
      <h2>{t("opsPlayers.tabs.agency")}</h2>

      <PanelTable
        title={t("opsPlayers.profile.upline")}
        rows={upline.length}
        none={t("opsPlayers.agency.noUpline")}
        testId="ops-player-upline"
        above={<p className="muted">{t("opsPlayers.agency.uplineAbout")}</p>}
        head={
          <>
            <th scope="col">{t("agentTeam.columns.level")}</th>
            <AccountColumns />
          </>
        }
      >
        {upline.map((agent) => (
          <tr key={agent.id} data-testid="ops-player-upline-agent" data-account={agent.account}>
            <td>{agent.depth}</td>
            <AccountCells account={agent} />
          </tr>
        ))}
      </PanelTable>

      <PanelTable
        title={t("opsPlayers.profile.downlines")}
        rows={downline.total}
        none={t("opsPlayers.agency.noDownline")}
        testId="ops-player-downline"
        above={
          <p className="muted" data-testid="ops-player-downline-count">
            {t("opsPlayers.agency.count", { count: downline.total })}
          </p>
        }
        head={
          <>
            <AccountColumns />
            <th scope="col">{t("opsPlayers.columns.registered")}</th>
          </>
        }
      >
        {downline.rows.map((row) => (
          <tr key={row.id} data-testid="ops-player-downline-row" data-account={row.account}>
            <AccountCells account={row} />
            <td>{formatTimestamp(row.createdAt, timeZone)}</td>
          </tr>
        ))}
      </PanelTable>
      <Pager pageNum={downline.page} totalPages={downline.pageCount} pageHref={pageHref} />
    </>
  );
}

/** An account's columns in both lists: the account, its kind and its status. */
function AccountColumns() {
  const { t } = useTranslation();
  return (
    <>
      <th scope="col">{t("opsPlayers.columns.account")}</th>
      <th scope="col">{t("opsPlayers.columns.role")}</th>
      <th scope="col">{t("opsPlayers.columns.status")}</th>
    </>
  );
}

/** An account linked to its own player page, its kind and its status. */
function AccountCells({
  account,
}: {
  account: { id: string; account: string; role: string; status: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <td>
        <Link to={`/ops/players/${account.id}`}>{account.account}</Link>
      </td>
      <td>{t(`opsPlayers.roles.${account.role}`)}</td>
      <td>{t(`opsPlayers.statuses.${account.status}`)}</td>
    </>
  );
}
