import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { formatPoints } from "./format";
import type { Currency, PointsConfigView } from "./types";

/** The exchange-rate table (the brand's points ratios and units): points per amount per product, and points to cash. */
export function RatesTable({ config, currency }: { config: PointsConfigView; currency: Currency }) {
  const { t, i18n } = useTranslation();
  const money = (minor: string) => formatMoney(minor, currency, i18n.language);
  return (
    <section className="member-card" aria-labelledby="rates-title">
      <h2 id="rates-title">{t("pointMall.area.rates")}</h2>
      <div className="table-scroll">
        <table className="data-table" data-testid="rates-table">
          <thead>
            <tr>
              <th scope="col">{t("pointMall.columns.type")}</th>
              <th scope="col" className="amount">
                {t("pointMall.columns.ratio")}
              </th>
              <th scope="col" className="amount">
                {t("pointMall.columns.units")}
              </th>
            </tr>
          </thead>
          <tbody>
            {config.ratios.map((ratio) => (
              <tr key={ratio.product}>
                <th scope="row">{t(`pointMall.type.${ratio.product}`)}</th>
                <td className="amount">{formatPoints(ratio.points, i18n.language)}</td>
                <td className="amount">{money(ratio.perMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {config.conversion ? (
        <p data-testid="conversion-rate">
          {t("pointMall.conversionRate", {
            points: formatPoints(config.conversion.points, i18n.language),
            cash: money(config.conversion.cash),
          })}
        </p>
      ) : (
        <p className="muted">{t("pointMall.conversionClosed")}</p>
      )}
    </section>
  );
}
