import { Link } from "@remix-run/react";
import type { MemberStatus } from "~/platform/identity/member-types";
import { useTranslation } from "~/utils/i18n";

/** Another account that shares something with this one, and what (as JSON). */
export interface LinkedAccountView {
  id: string;
  account: string;
  status: MemberStatus;
  reasons: string[];
}

/** Accounts that look like the same person's, each with why: the most reasons first. */
export function LinkedPanel({ linked, shown }: { linked: LinkedAccountView[]; shown: number }) {
  const { t } = useTranslation();
  return (
    <>
      <h2>{t("opsPlayers.tabs.linked")}</h2>
      <p className="muted">{t("opsPlayers.linked.about", { count: shown })}</p>
      {linked.length === 0 ? (
        <p className="empty-state" data-testid="ops-player-linked-none">
          {t("opsPlayers.linked.none")}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-testid="ops-player-linked">
            <thead>
              <tr>
                <th scope="col">{t("opsPlayers.columns.account")}</th>
                <th scope="col">{t("opsPlayers.columns.status")}</th>
                <th scope="col">{t("opsPlayers.linked.why")}</th>
              </tr>
            </thead>
            <tbody>
              {linked.map((other) => (
                <tr key={other.id} data-testid="ops-player-link" data-account={other.account}>
                  <td>
                    <Link to={`/ops/players/${other.id}`}>{other.account}</Link>
                  </td>
                  <td>{t(`opsPlayers.statuses.${other.status}`)}</td>
                  <td data-testid="ops-player-link-why">
                    {other.reasons
                      .map((reason) => t(`opsPlayers.linked.reasons.${reason}`))
                      .join(", ")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
