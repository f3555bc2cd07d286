import { PlainLink } from "~/components/ui/plain-link";
import { useTranslation } from "~/utils/i18n";
import { launchHref } from "~/utils/lobby-links";
import { formatMoney } from "~/utils/money";
import { RankMedal } from "../ui/icon";
import { useNearViewport } from "../ui/use-near-viewport";

export interface WinnerRow {
  rank: number;
  customerName: string;
  winAmount: string;
  nodeId: number;
  gameName: string;
}

/**
 * Winner board: the top 3 apart with rank icons, the rest scrolling from rank 4; a row launches
 * its game. On a phone the board is below the lobby, so the scrolling rest (six elements a row)
 * is built when the board comes near the screen; until then, and for a browser without
 * JavaScript, it is in the first HTML inside `<noscript>`.
 */
export function WinnerBoard({
  winners,
  currency,
  locale,
}: {
  winners: WinnerRow[];
  currency: { symbol: string; minorUnits: number };
  locale: string;
}) {
  const { t } = useTranslation();
  const { ref: scrollRef, near } = useNearViewport<HTMLDivElement>();
  if (!winners.length) return null;
  const top = winners.slice(0, 3);
  const rest = winners.slice(3);
  const row = (winner: WinnerRow) => (
    // Launch: the game popup route sends a visitor to log in and a trial account to the real-account notice.
    <PlainLink to={launchHref(winner.nodeId)} className="winner-row">
      <span className="winner-name">{winner.customerName}</span>
      <span className="winner-game">{winner.gameName}</span>
      <span className="winner-amount">{formatMoney(winner.winAmount, currency, locale)}</span>
    </PlainLink>
  );
  const restList = (
    <ol start={4} className="winners-rest" data-testid="winners-rest">
      {rest.map((winner) => (
        <li key={winner.rank} data-rank={winner.rank}>
          <span className="rank-number">{winner.rank}</span>
          {row(winner)}
        </li>
      ))}
    </ol>
  );
  return (
    <section
      className="winner-board"
      aria-labelledby="winner-board-title"
      data-testid="winner-board"
    >
      <h2 id="winner-board-title">{t("lobby.winnerBoard")}</h2>
      <ol className="winners-top">
        {top.map((winner) => (
          <li key={winner.rank} data-rank={winner.rank}>
            <RankMedal
              rank={winner.rank as 1 | 2 | 3}
              label={t("lobby.rank", { rank: winner.rank })}
            />
            {row(winner)}
          </li>
        ))}
      </ol>
      {rest.length ? (
        <div className="winners-scroll" ref={scrollRef}>
          {near ? restList : <noscript>{restList}</noscript>}
        </div>
      ) : null}
    </section>
  );
}
