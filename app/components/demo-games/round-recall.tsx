import { Link } from "@remix-run/react";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import type { MoneyFormat, RoundView } from "./types";
import { payoutKind } from "../reality-check/payout";

/** Game recall: the member's last 10 rounds of this game, each verifiable once its seed is revealed. */
export function RoundRecall({
  rounds,
  money,
  playMoney,
  timeZone,
  verifyHref,
}: {
  rounds: RoundView[];
  money: MoneyFormat;
  /** How free-trial amounts are written. */
  playMoney: MoneyFormat;
  timeZone: string;
  verifyHref: (roundId: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <section className="member-card" aria-labelledby="demo-recall-title">
      <h2 id="demo-recall-title">{t("demoGame.recall.title")}</h2>
      {rounds.length === 0 ? (
        <p className="empty-state">{t("demoGame.recall.empty")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-testid="round-recall">
            <thead>
              <tr>
                <th scope="col">{t("demoGame.recall.round")}</th>
                <th scope="col">{t("demoGame.recall.time")}</th>
                <th scope="col">{t("demoGame.recall.mode")}</th>
                <th scope="col" className="amount">
                  {t("demoGame.stake")}
                </th>
                <th scope="col" className="amount">
                  {t("demoGame.recall.payout")}
                </th>
                <th scope="col">{t("demoGame.recall.result")}</th>
                <th scope="col">{t("demoGame.recall.fairness")}</th>
              </tr>
            </thead>
            <tbody>
              {rounds.map((round) => {
                const format = round.mode === "demo" ? playMoney : money;
                return (
                  <tr key={round.id}>
                    <td>#{round.id}</td>
                    <td>{formatTimestamp(round.createdAt, timeZone)}</td>
                    <td>{t(`demoGame.recall.modes.${round.mode}`)}</td>
                    <td className="amount">
                      {formatMoney(round.stake, format.currency, format.locale)}
                    </td>
                    <td className="amount">
                      {payoutKind(round.stake, round.payout) === "returned"
                        ? t("realityCheck.returned", {
                            amount: formatMoney(round.payout, format.currency, format.locale),
                            stake: formatMoney(round.stake, format.currency, format.locale),
                          })
                        : formatMoney(round.payout, format.currency, format.locale)}
                    </td>
                    <td className="demo-code">{round.summary}</td>
                    <td>
                      {round.verifiable ? (
                        <Link
                          to={verifyHref(round.id)}
                          aria-label={t("demoGame.recall.verifyRound", { id: round.id })}
                        >
                          {t("demoGame.recall.verify")}
                        </Link>
                      ) : (
                        <span className="muted">{t("demoGame.recall.sealed")}</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
