import { RecordTable, TimeCell } from "~/components/member/records/record-table";
import { useTranslation } from "~/utils/i18n";
import type { MissionHistoryData } from "./types";

/** The member's claimed missions, newest first, paged by links. */
export function MissionHistory({
  history,
  timeZone,
}: {
  history: MissionHistoryData;
  timeZone: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="mission-history-title" data-testid="mission-history">
      <h2 id="mission-history-title">{t("missions.historyTitle")}</h2>
      <RecordTable
        records={history}
        head={
          <>
            <th scope="col">{t("missions.history.time")}</th>
            <th scope="col">{t("missions.history.mission")}</th>
            <th scope="col">{t("missions.history.reward")}</th>
            <th scope="col" className="amount">
              {t("missions.history.points")}
            </th>
          </>
        }
        foot={null}
      >
        {history.rows.map((row) => (
          <tr key={row.id}>
            <TimeCell iso={row.claimedAt} timeZone={timeZone} />
            <td>{row.name}</td>
            <td>{row.reward}</td>
            <td className="amount">{row.missionPoints}</td>
          </tr>
        ))}
      </RecordTable>
    </section>
  );
}
