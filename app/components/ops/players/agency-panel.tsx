import { Link } from "@remix-run/react";
import { Pager, useSamePageHref } from "~/components/ui/pager";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";

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

      <h3>{t("opsPlayers.profile.upline")}</h3>
      {upline.length === 0 ? (
        <p className="empty-state" data-testid="ops-player-upline-none">
          {t("opsPlayers.agency.noUpline")}
        </p>
      ) : (
        <>
          <p className="muted">{t("opsPlayers.agency.uplineAbout")}</p>
          <div className="table-scroll">
            <table className="data-table" data-testid="ops-player-upline">
              <thead>
                <tr>
                  <th scope="col">{t("agentTeam.columns.level")}</th>
                  <th scope="col">{t("opsPlayers.columns.account")}</th>
                  <th scope="col">{t("opsPlayers.columns.role")}</th>
                  <th scope="col">{t("opsPlayers.columns.status")}</th>
                </tr>
              </thead>
              <tbody>
                {upline.map((agent) => (
                  <tr
                    key={agent.id}
                    data-testid="ops-player-upline-agent"
                    data-account={agent.account}
                  >
                    <td>{agent.depth}</td>
                    <td>
                      <Link to={`/ops/players/${agent.id}`}>{agent.account}</Link>
                    </td>
                    <td>{t(`opsPlayers.roles.${agent.role}`)}</td>
                    <td>{t(`opsPlayers.statuses.${agent.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      <h3>{t("opsPlayers.profile.downlines")}</h3>
      {downline.total === 0 ? (
        <p className="empty-state" data-testid="ops-player-downline-none">
          {t("opsPlayers.agency.noDownline")}
        </p>
      ) : (
        <>
          <p className="muted" data-testid="ops-player-downline-count">
            {t("opsPlayers.agency.count", { count: downline.total })}
          </p>
          <div className="table-scroll">
            <table className="data-table" data-testid="ops-player-downline">
              <thead>
                <tr>
                  <th scope="col">{t("opsPlayers.columns.account")}</th>
                  <th scope="col">{t("opsPlayers.columns.role")}</th>
                  <th scope="col">{t("opsPlayers.columns.status")}</th>
                  <th scope="col">{t("opsPlayers.columns.registered")}</th>
                </tr>
              </thead>
              <tbody>
                {downline.rows.map((row) => (
                  <tr key={row.id} data-testid="ops-player-downline-row" data-account={row.account}>
                    <td>
                      <Link to={`/ops/players/${row.id}`}>{row.account}</Link>
                    </td>
                    <td>{t(`opsPlayers.roles.${row.role}`)}</td>
                    <td>{t(`opsPlayers.statuses.${row.status}`)}</td>
                    <td>{formatTimestamp(row.createdAt, timeZone)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager pageNum={downline.page} totalPages={downline.pageCount} pageHref={pageHref} />
        </>
      )}
    </>
  );
}
