import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { glyphOf } from "./symbols";
import type { MoneyFormat, OutcomeView } from "./types";

type SlotOutcome = Extract<OutcomeView, { engine: "slot" }>;

/**
 * The reels as a table (3 rows × 5 reels), each symbol with its name for
 * screen readers, and the lines the last spin won. Before the first spin the
 * reels show a resting position.
 */
export function SlotBoard({
  outcome,
  resting,
  money,
}: {
  outcome: SlotOutcome | null;
  resting: string[][];
  money: MoneyFormat;
}) {
  const { t } = useTranslation();
  const rows = outcome?.rows ?? resting;
  const name = (symbol: string) => t(`demoGame.symbols.${symbol}`);
  return (
    <div className="demo-slot">
      <table className="demo-reels" data-testid="slot-reels">
        <caption className="visually-hidden">{t("demoGame.reels")}</caption>
        <thead className="visually-hidden">
          <tr>
            {rows[0]!.map((_, reel) => (
              <th key={reel} scope="col">
                {t("demoGame.reel", { reel: reel + 1 })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowAt) => (
            <tr key={rowAt}>
              {row.map((symbol, reel) => (
                <td key={reel} className={`demo-symbol symbol-${symbol.toLowerCase()}`}>
                  <span aria-hidden="true">{glyphOf(symbol)}</span>
                  <span className="visually-hidden">{name(symbol)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {outcome && outcome.wins.length > 0 ? (
        <div>
          <h3 className="demo-subtitle">{t("demoGame.winningLines")}</h3>
          <ul className="demo-lines" data-testid="slot-wins">
            {outcome.wins.map((win) => (
              <li key={win.line}>
                {t("demoGame.lineWin", {
                  line: win.line,
                  n: win.count,
                  symbol: name(win.symbol),
                  amount: formatMoney(win.pay, money.currency, money.locale),
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
