import { PlainLink } from "~/components/ui/plain-link";
import { useTranslation } from "~/utils/i18n";
import { launchHref } from "~/utils/lobby-links";
import { formatMoney } from "~/utils/money";
import { GameIcon } from "../ui/game-icon";

/** A live table or PVP room as /live and /pvp list it (CBS_modelList, GLS2_roomList). */
export interface TableEntry {
  nodeId: number;
  gameName: string;
  vendorName: string;
  iconUrl: string | null;
  showIcon: boolean;
  tier: string;
  minBet: string;
  maxBet: string;
  playersNow: number;
  roundsToday: number;
  lastResults: string[];
}

/**
 * The tables of a category, each with its room tier and bet limits, who is
 * playing, today's rounds and the latest results, and a launch link
 * (the game popup route sends visitors to log in first).
 */
/** The tables a phone shows before scrolling, whose icons load at once. */
const FIRST_SCREEN = 3;

export function TableList({
  category,
  tables,
  currency,
  label,
}: {
  category: string;
  tables: TableEntry[];
  currency: { symbol: string; minorUnits: number };
  label: string;
}) {
  const { t, i18n } = useTranslation();
  if (tables.length === 0) return <p className="empty-state">{t("lobby.noGames")}</p>;
  const money = (minor: string) => formatMoney(minor, currency, i18n.language);
  const join = t(category === "PVP" ? "tables.joinRoom" : "tables.playTable");
  const freeTrial = t("game.freeTrial");
  return (
    <ul className="table-list" aria-label={label} data-testid="table-list">
      {tables.map((table, index) => (
        <li
          key={table.nodeId}
          className="table-entry"
          data-testid="table-entry"
          data-node-id={table.nodeId}
        >
          <GameIcon
            src={table.showIcon ? table.iconUrl : null}
            alt=""
            size={72}
            eager={index < FIRST_SCREEN}
          />
          <div className="table-main">
            <h2 className="table-name">{table.gameName}</h2>
            <p className="muted" data-testid="table-vendor">
              {table.vendorName} ·{" "}
              <span className="table-tier">{t(`tables.tier.${table.tier}`)}</span>
            </p>
            <p data-testid="table-limits">
              {t("tables.limits", { min: money(table.minBet), max: money(table.maxBet) })}
            </p>
            <p className="table-stats">
              <span data-testid="table-players">
                {t("tables.playersNow", { count: table.playersNow })}
              </span>
              <span data-testid="table-rounds">
                {t("tables.roundsToday", { count: table.roundsToday })}
              </span>
            </p>
            {table.lastResults.length ? (
              <div className="table-results">
                <span className="muted">{t("tables.lastResults")}</span>
                <ol data-testid="table-results">
                  {table.lastResults.map((result, index) => (
                    <li key={index} className="table-result">
                      {result}
                    </li>
                  ))}
                </ol>
              </div>
            ) : (
              <p className="muted" data-testid="table-results-none">
                {t("tables.noResults")}
              </p>
            )}
          </div>
          <div className="table-actions">
            <PlainLink
              to={launchHref(table.nodeId)}
              className="button primary small"
              aria-label={`${join}: ${table.gameName}`}
            >
              {join}
            </PlainLink>
            <PlainLink
              to={launchHref(table.nodeId, "demo")}
              className="button small"
              aria-label={`${freeTrial}: ${table.gameName}`}
            >
              {freeTrial}
            </PlainLink>
            <PlainLink
              to={`/chat/table-${table.nodeId}`}
              className="button small"
              aria-label={`${t("chat.roomLink")}: ${table.gameName}`}
              data-testid="table-chat"
            >
              {t("chat.roomLink")}
            </PlainLink>
          </div>
        </li>
      ))}
    </ul>
  );
}
