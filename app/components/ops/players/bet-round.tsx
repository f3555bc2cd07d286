import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";

type Currency = { symbol: string; minorUnits: number };

/** The demo provider's round behind a bet, as JSON (the platform's PlayedGameRound). */
export interface GameRoundView {
  id: string;
  roundKey: string | null;
  engine: string;
  seedId: string;
  nonce: number;
  stake: string;
  payout: string;
  summary: string;
  outcome?: unknown;
  playedAt: string;
}

/**
 * A bet's round, folded under its round id (a `<details>`, so it opens
 * without JavaScript): when it settled, and either the game round the demo
 * provider played (key, engine, fairness seed and nonce, money, result and
 * the whole outcome) or what the provider sent with the bet.
 */
export function BetRound({
  roundId,
  settledAt,
  detail,
  gameRound,
  currency,
  timeZone,
}: {
  roundId: string;
  settledAt: string | null;
  detail?: unknown;
  gameRound: GameRoundView | null;
  currency: Currency;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const money = (minor: string) => formatMoney(minor, currency, i18n.language);
  const record = gameRound ? gameRound.outcome : detail;
  return (
    <details className="bet-round" data-testid="ops-player-bet-round">
      <summary dir="ltr">{roundId}</summary>
      <dl className="player-facts">
        <dt>{t("opsPlayers.bets.settled")}</dt>
        <dd>{settledAt ? formatTimestamp(settledAt, timeZone) : "—"}</dd>
        {gameRound ? (
          <>
            <dt>{t("opsPlayers.bets.gameRound")}</dt>
            <dd dir="ltr">{gameRound.id}</dd>
            <dt>{t("opsPlayers.bets.roundKey")}</dt>
            <dd dir="ltr">{gameRound.roundKey ?? "—"}</dd>
            <dt>{t("opsPlayers.bets.engine")}</dt>
            <dd dir="ltr">{gameRound.engine}</dd>
            <dt>{t("opsPlayers.bets.seed")}</dt>
            <dd dir="ltr">
              {t("opsPlayers.bets.seedNonce", { seed: gameRound.seedId, nonce: gameRound.nonce })}
            </dd>
            <dt>{t("records.columns.stake")}</dt>
            <dd>{money(gameRound.stake)}</dd>
            <dt>{t("records.columns.payout")}</dt>
            <dd>{money(gameRound.payout)}</dd>
            <dt>{t("opsPlayers.bets.result")}</dt>
            <dd dir="ltr" data-testid="ops-player-bet-result">
              {gameRound.summary}
            </dd>
            <dt>{t("opsPlayers.bets.played")}</dt>
            <dd>{formatTimestamp(gameRound.playedAt, timeZone)}</dd>
          </>
        ) : null}
      </dl>
      {record === null || record === undefined ? (
        <p className="muted">{t("opsPlayers.bets.noDetail")}</p>
      ) : (
        <>
          <p className="muted">
            {t(gameRound ? "opsPlayers.bets.outcome" : "opsPlayers.bets.providerDetail")}
          </p>
          <pre className="audit-detail" dir="ltr" data-testid="ops-player-bet-detail">
            {JSON.stringify(record, null, 1)}
          </pre>
        </>
      )}
    </details>
  );
}
