import { useTranslation } from "~/utils/i18n";

/** A slot's pays: each symbol's pay, in line bets, for 3, 4 and 5 in a row; closed until opened. */
export function Paytable({ rows }: { rows: { symbol: string; pays: number[] }[] }) {
  const { t } = useTranslation();
  return (
    <details className="demo-paytable">
      <summary>{t("demoGame.paytable")}</summary>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t("demoGame.symbol")}</th>
            {[3, 4, 5].map((count) => (
              <th scope="col" key={count} className="amount">
                {t("demoGame.inARow", { n: count })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.symbol}>
              <th scope="row">{t(`demoGame.symbols.${row.symbol}`)}</th>
              {row.pays.map((pay, at) => (
                <td key={at} className="amount">
                  {t("demoGame.lineBets", { n: pay })}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
