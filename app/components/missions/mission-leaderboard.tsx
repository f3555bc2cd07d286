import { useTranslation } from "~/utils/i18n";
import type { LeaderboardData, LeaderboardLine } from "./types";

/** This week's top 20 by mission points (masked names), and the member's own rank below when outside it. */
export function MissionLeaderboard({ board }: { board: LeaderboardData }) {
  const { t } = useTranslation();
  const ownOutside = board.own && !board.top.some((row) => row.isViewer) ? board.own : null;
  return (
    <section
      className="member-card mission-board"
      aria-labelledby="mission-board-title"
      data-testid="mission-leaderboard"
    >
      <h2 id="mission-board-title">{t("missions.leaderboard.title")}</h2>
      <p className="muted">{t("missions.leaderboard.intro")}</p>
      {board.top.length === 0 ? (
        <p className="empty-state" data-testid="leaderboard-empty">
          {t("missions.leaderboard.empty")}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t("missions.leaderboard.rank")}</th>
                <th scope="col">{t("missions.leaderboard.member")}</th>
                <th scope="col" className="amount">
                  {t("missions.leaderboard.points")}
                </th>
              </tr>
            </thead>
            <tbody>
              {board.top.map((row) => (
                <Line key={row.rank} row={row} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p data-testid="leaderboard-own">
        {board.own
          ? t("missions.leaderboard.own", { rank: board.own.rank, points: board.own.points })
          : t("missions.leaderboard.unranked")}
      </p>
      {ownOutside ? (
        <table className="data-table">
          <tbody>
            <Line row={ownOutside} />
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

function Line({ row }: { row: LeaderboardLine }) {
  const { t } = useTranslation();
  return (
    <tr
      aria-current={row.isViewer ? "true" : undefined}
      className={row.isViewer ? "is-viewer" : undefined}
      data-testid="leaderboard-row"
    >
      <td>{row.rank}</td>
      <td>{row.isViewer ? t("missions.leaderboard.you", { name: row.name }) : row.name}</td>
      <td className="amount">{row.points}</td>
    </tr>
  );
}
