import { Form, Link } from "@remix-run/react";
import { Field } from "~/components/forms/field";
import { formatTimestamp } from "~/platform/calendar/datetime";
import type { MemberStatus } from "~/platform/identity/member-types";
import { useTranslation } from "~/utils/i18n";

/** A player the search found, as JSON. */
export interface PlayerMatchView {
  id: string;
  account: string;
  nickname: string | null;
  role: string;
  status: MemberStatus;
  mobile: string | null;
  email: string | null;
  registeredAt: string;
  lastLoginAt: string | null;
  matchedBy: string[];
}

/** The search box (a GET form: the search is in the URL) and what it found, each with why. */
export function PlayerSearch({
  q,
  results,
  limit,
  timeZone,
}: {
  q: string;
  results: PlayerMatchView[];
  limit: number;
  timeZone: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form method="get" className="filters" role="search" data-testid="ops-player-search">
        <Field
          name="q"
          type="search"
          label={t("opsPlayers.search.label")}
          hint={t("opsPlayers.search.hint")}
          defaultValue={q}
          maxLength={100}
          autoComplete="off"
          required
        />
        <div className="field records-submit">
          <button type="submit" className="button primary">
            {t("opsPlayers.search.submit")}
          </button>
        </div>
      </Form>
      {q === "" ? null : results.length === 0 ? (
        <p className="empty-state" data-testid="ops-players-none">
          {t("opsPlayers.search.none", { q })}
        </p>
      ) : (
        <>
          <p className="muted" data-testid="ops-players-count">
            {results.length >= limit
              ? t("opsPlayers.search.many", { count: limit })
              : t("opsPlayers.search.count", { count: results.length })}
          </p>
          <div className="table-scroll">
            <table className="data-table" data-testid="ops-players">
              <thead>
                <tr>
                  <th scope="col">{t("opsPlayers.columns.account")}</th>
                  <th scope="col">{t("opsPlayers.columns.role")}</th>
                  <th scope="col">{t("opsPlayers.columns.status")}</th>
                  <th scope="col">{t("opsPlayers.columns.contact")}</th>
                  <th scope="col">{t("opsPlayers.columns.registered")}</th>
                  <th scope="col">{t("opsPlayers.columns.matched")}</th>
                </tr>
              </thead>
              <tbody>
                {results.map((player) => (
                  <tr key={player.id} data-testid="ops-player-result" data-account={player.account}>
                    <td>
                      <Link to={`/ops/players/${player.id}`}>{player.account}</Link>
                      {player.nickname ? (
                        <>
                          <br />
                          <span className="muted" dir="auto">
                            {player.nickname}
                          </span>
                        </>
                      ) : null}
                    </td>
                    <td>{t(`opsPlayers.roles.${player.role}`)}</td>
                    <td>{t(`opsPlayers.statuses.${player.status}`)}</td>
                    <td dir="ltr">
                      {player.mobile ?? "—"}
                      {player.email ? (
                        <>
                          <br />
                          {player.email}
                        </>
                      ) : null}
                    </td>
                    <td>{formatTimestamp(player.registeredAt, timeZone)}</td>
                    <td data-testid="ops-player-matched">
                      {player.matchedBy.map((field) => t(`opsPlayers.matches.${field}`)).join(", ")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
