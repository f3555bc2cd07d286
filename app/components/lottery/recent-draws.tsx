import { useTranslation } from "~/utils/i18n";
import { DrawNumbers } from "./draw-numbers";
import type { DrawData } from "./types";

/** Opened numbers: the game's last draws with their numbers and revealed seeds, to check against the hashes. */
export function RecentDraws({ draws, special }: { draws: DrawData[]; special: boolean }) {
  const { t } = useTranslation();
  return (
    <section
      className="member-card"
      aria-labelledby="lottery-recent-title"
      data-testid="recent-draws"
    >
      <h2 id="lottery-recent-title">{t("lottery.draws.title")}</h2>
      {draws.length === 0 ? (
        <p className="empty-state">{t("lottery.draws.empty")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table lottery-draws">
            <thead>
              <tr>
                <th scope="col">{t("lottery.draws.drawNo")}</th>
                <th scope="col">{t("lottery.draws.closedAt")}</th>
                <th scope="col">{t("lottery.draws.numbers")}</th>
                <th scope="col">{t("lottery.draws.seed")}</th>
              </tr>
            </thead>
            <tbody>
              {draws.map((draw) => (
                <tr key={draw.drawNo} data-testid={`draw-${draw.drawNo}`}>
                  <th scope="row">{draw.drawNo}</th>
                  <td>
                    <time>{draw.closedAt}</time>
                  </td>
                  <td>
                    {draw.numbers ? (
                      <DrawNumbers numbers={draw.numbers} special={special} />
                    ) : (
                      t("lottery.draws.pending")
                    )}
                  </td>
                  <td>
                    <code dir="ltr" className="lottery-hash" data-testid="draw-seed">
                      {draw.seed}
                    </code>
                    <div className="muted">
                      {t("lottery.draws.hash")}{" "}
                      <code dir="ltr" className="lottery-hash">
                        {draw.seedHash}
                      </code>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
