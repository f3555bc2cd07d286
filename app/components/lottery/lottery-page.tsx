import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { BetForm } from "./bet-form";
import { LotteryGameMenu } from "./game-menu";
import { MyBets } from "./my-bets";
import { OpenDraw } from "./open-draw";
import { RecentDraws } from "./recent-draws";
import type { LotteryAnswer, LotteryPageData } from "./types";
import { RealityBar } from "../reality-check/reality-bar";

/**
 * A lottery page (/lottery, /seaLottery, /vnLottery): the game menu, the
 * open draw and its bet forms, the recent draws and the member's bets.
 * Everything is links and plain forms; a reload shows a settled draw. The
 * route passes its loader's data and its action's last answer.
 */
export function LotteryPage({
  data,
  answer: actionData,
}: {
  data: LotteryPageData;
  answer?: LotteryAnswer;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="lottery-page" data-testid="lottery-page">
      <h1>{data.title}</h1>
      <RealityBar reality={data.reality} returnTo={data.path} />
      <div className="lottery-layout">
        <LotteryGameMenu groups={data.menu} prizeMode={data.prizeMode} />
        {"draw" in data && data.game ? (
          <div className="lottery-main">
            <header className="lottery-game-head">
              <h2 data-testid="lottery-game">
                {data.game.gameName}{" "}
                <span className="muted">· {t(`lottery.types.${data.game.type}`)}</span>
              </h2>
            </header>
            {data.placed && !actionData ? (
              <p className="form-success" role="status" data-testid="bet-placed">
                {t("lottery.bet.placed", { drawNo: data.placed })}
              </p>
            ) : null}
            <OpenDraw draw={data.draw} href={data.game.href} />
            <section aria-labelledby="lottery-bet-title" className="lottery-bets">
              <h2 id="lottery-bet-title">{t("lottery.bet.title", { drawNo: data.draw.drawNo })}</h2>
              <p data-testid="lottery-balance">
                {t("lottery.bet.balance", {
                  amount: formatMoney(data.balance, data.currency, i18n.language),
                })}
              </p>
              {data.canBet ? null : <p className="muted">{t("lottery.bet.realAccountOnly")}</p>}
              <div className="lottery-bet-grid">
                {data.kinds.map((kind) => (
                  <BetForm
                    key={`${kind.code}-${kind.roundKey}`}
                    kind={kind}
                    type={data.game.type}
                    gameCode={data.game.gameCode}
                    drawNo={data.draw.drawNo}
                    result={actionData?.betKind === kind.code ? actionData.result : null}
                  />
                ))}
              </div>
            </section>
            <MyBets bets={data.bets} currency={data.currency} />
            <RecentDraws draws={data.recent} special={data.game.special} />
          </div>
        ) : (
          <p className="empty-state" data-testid="lottery-empty">
            {t("lottery.empty")}
          </p>
        )}
      </div>
    </div>
  );
}
