import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import type { Currency, PointsConfigView } from "./types";

/**
 * How points are earned: the brand's ratio per product, which game
 * categories count under each, and that points never expire.
 */
export function PointsRules({
  config,
  categories,
  currency,
}: {
  config: PointsConfigView;
  categories: Record<string, string[]>;
  currency: Currency;
}) {
  const { t, i18n } = useTranslation();
  return (
    <section className="member-card" aria-labelledby="points-rules-title">
      <h2 id="points-rules-title">{t("pointMall.area.rules")}</h2>
      <p>{t("pointMall.rulesText")}</p>
      <ul className="points-rules" data-testid="points-rules">
        {config.ratios.map((ratio) => (
          <li key={ratio.product}>
            <strong>{t(`pointMall.type.${ratio.product}`)}</strong>:{" "}
            {ratio.points > 0
              ? t("pointMall.ratio", {
                  points: ratio.points,
                  amount: formatMoney(ratio.perMinor, currency, i18n.language),
                })
              : t("pointMall.noPoints")}
            {categories[ratio.product] ? (
              <span className="muted">
                {" "}
                {t("pointMall.countsCategories", {
                  categories: categories[ratio.product]!.map((code) =>
                    t(`category.${code}`, { defaultValue: code }),
                  ).join(", "),
                })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <p>{t("pointMall.rulesRounding")}</p>
      <p>{t("pointMall.rulesNeverExpire")}</p>
      <p>{t("pointMall.rulesRedeem")}</p>
    </section>
  );
}
