import { Link } from "@remix-run/react";
import { REBATE_CATEGORIES, type VipLevel } from "~/platform/rewards/vip-levels";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { formatRate } from "~/utils/rates";

type Currency = { symbol: string; minorUnits: number };

/** Every level with its thresholds, bonus, limits and rates; each row links to its form, and one more adds a level. */
export function VipLevelTable({
  levels,
  nextLevel,
  currency,
}: {
  levels: VipLevel[];
  nextLevel: number;
  currency: Currency;
}) {
  const { t, i18n } = useTranslation();
  const money = (minor: string) => formatMoney(minor, currency, i18n.language);
  const orDefault = (value: string | null) => value ?? t("vipLevels.ops.brandDefault");
  return (
    <>
      <div className="table-scroll">
        <table className="data-table" data-testid="ops-vip-levels">
          <thead>
            <tr>
              {(
                [
                  "level",
                  "name",
                  "minDeposits",
                  "minValidBets",
                  "upgradeBonus",
                  "withdrawDailyCount",
                  "withdrawMax",
                  "rates",
                  "actions",
                ] as const
              ).map((column) => (
                <th scope="col" key={column}>
                  {t(`vipLevels.ops.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {levels.map((level) => (
              <tr key={level.level} data-testid={`ops-vip-level-${level.level}`}>
                <th scope="row">{level.level}</th>
                <td>{level.names[i18n.language] ?? level.names.en}</td>
                <td className="amount">{money(level.minDeposits)}</td>
                <td className="amount">{money(level.minValidBets)}</td>
                <td className="amount">{money(level.upgradeBonus)}</td>
                <td>{orDefault(level.withdrawDailyCount?.toString() ?? null)}</td>
                <td>{orDefault(level.withdrawMax === null ? null : money(level.withdrawMax))}</td>
                <td>
                  {REBATE_CATEGORIES.filter((category) => level.rates[category])
                    .map(
                      (category) =>
                        `${t(`category.${category}`)} ${formatRate(level.rates[category]!)}`,
                    )
                    .join(", ")}
                </td>
                <td>
                  <Link to={`/ops/vip?level=${level.level}`}>
                    {t("vipLevels.ops.edit", { level: level.level })}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {nextLevel <= 99 ? (
        <p>
          <Link className="button" to={`/ops/vip?level=${nextLevel}`}>
            {t("vipLevels.ops.add", { level: nextLevel })}
          </Link>
        </p>
      ) : null}
    </>
  );
}
