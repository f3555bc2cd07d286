import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import type { BetData } from "./types";

const OPTIONS = ["big", "small", "dragon", "tiger"];

/** The member's bets on this game: open until their draw is settled, then with the payout. */
export function MyBets({
  bets,
  currency,
}: {
  bets: BetData[];
  currency: { symbol: string; minorUnits: number };
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <section className="member-card" aria-labelledby="lottery-bets-title" data-testid="my-bets">
      <h2 id="lottery-bets-title">{t("lottery.bets.title")}</h2>
      {bets.length === 0 ? (
        <p className="empty-state">{t("lottery.bets.empty")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t("lottery.bets.placedAt")}</th>
                <th scope="col">{t("lottery.draws.drawNo")}</th>
                <th scope="col">{t("lottery.bets.kind")}</th>
                <th scope="col">{t("lottery.bets.selection")}</th>
                <th scope="col" className="amount">
                  {t("lottery.bets.odds")}
                </th>
                <th scope="col" className="amount">
                  {t("lottery.bets.stake")}
                </th>
                <th scope="col">{t("lottery.bets.status")}</th>
                <th scope="col" className="amount">
                  {t("lottery.bets.payout")}
                </th>
              </tr>
            </thead>
            <tbody>
              {bets.map((bet) => (
                <tr key={bet.roundId} data-testid="my-bet" data-status={bet.status}>
                  <td>
                    <time>{bet.placedAt}</time>
                  </td>
                  <td>{bet.drawNo}</td>
                  <td>{t(`lottery.kinds.${bet.betKind}`, { defaultValue: bet.betKind })}</td>
                  <td>
                    {OPTIONS.includes(bet.selection)
                      ? t(`lottery.options.${bet.selection}`)
                      : bet.selection}
                  </td>
                  <td className="amount">{bet.odds}</td>
                  <td className="amount">{formatMoney(bet.stake, currency, locale)}</td>
                  <td>
                    <span className={`lottery-status ${bet.status}`} data-testid="my-bet-status">
                      {t(`lottery.bets.statuses.${bet.status}`)}
                    </span>
                  </td>
                  <td className="amount" data-testid="my-bet-payout">
                    {bet.status === "open" ? "—" : formatMoney(bet.payout, currency, locale)}
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
