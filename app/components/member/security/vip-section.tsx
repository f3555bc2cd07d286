import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { formatRate } from "~/utils/rates";
import { SecurityCard } from "./section";

type Progress = { have: string; need: string };

/** What the VIP section shows (ADR 16); money in minor units as decimal strings. */
export interface VipSectionView {
  level: number;
  name: string | null;
  rates: { category: string; rateBps: number }[];
  withdrawDailyCount: number;
  withdrawMax: string;
  next: {
    level: number;
    name: string | null;
    deposits: Progress;
    validBets: Progress;
  } | null;
  rollingDays: number;
  currency: { symbol: string; minorUnits: number };
}

/**
 * Shown only to members with VIP: their level and its label
 * (vipRankLevel, vipLabelName), the level's benefits (rebate rates, withdrawals
 * per day, the largest withdrawal) and the way to the next level.
 */
export function VipSection({ vip }: { vip: VipSectionView }) {
  const { t, i18n } = useTranslation();
  const money = (minor: string) => formatMoney(minor, vip.currency, i18n.language);
  const progress = (value: Progress) =>
    t("vipLevels.progressValue", { have: money(value.have), need: money(value.need) });
  return (
    <SecurityCard id="vip" title={t("security.vip.title")}>
      <dl className="agent-facts">
        <div>
          <dt>{t("security.vip.level")}</dt>
          <dd data-testid="vip-level">{vip.level}</dd>
        </div>
        <div>
          <dt>{t("security.vip.label")}</dt>
          <dd data-testid="vip-label-name">
            {vip.name ?? t("member.vipLevel", { level: vip.level })}
          </dd>
        </div>
      </dl>
      <h3>{t("vipLevels.benefits")}</h3>
      <dl className="agent-facts" data-testid="vip-benefits">
        <div>
          <dt>{t("vipLevels.rebateRates")}</dt>
          <dd>
            {vip.rates.length === 0 ? (
              t("vipLevels.noRebate")
            ) : (
              <ul className="plain-list">
                {vip.rates.map((rate) => (
                  <li key={rate.category} data-testid={`vip-rate-${rate.category}`}>
                    {t(`category.${rate.category}`)}: {formatRate(rate.rateBps)}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt>{t("vipLevels.withdrawalsPerDay")}</dt>
          <dd data-testid="vip-withdrawals-per-day">{vip.withdrawDailyCount}</dd>
        </div>
        <div>
          <dt>{t("vipLevels.withdrawLimit")}</dt>
          <dd data-testid="vip-withdraw-limit">{money(vip.withdrawMax)}</dd>
        </div>
      </dl>
      {vip.next ? (
        <>
          <h3>
            {t("vipLevels.progressTitle", { name: vip.next.name ?? "", level: vip.next.level })}
          </h3>
          <dl className="agent-facts" data-testid="vip-progress">
            <div>
              <dt>{t("vipLevels.rollingDeposits")}</dt>
              <dd>{progress(vip.next.deposits)}</dd>
            </div>
            <div>
              <dt>{t("vipLevels.rollingValidBets")}</dt>
              <dd>{progress(vip.next.validBets)}</dd>
            </div>
          </dl>
          <p className="muted">{t("vipLevels.progressNote", { days: vip.rollingDays })}</p>
        </>
      ) : (
        <p className="muted" data-testid="vip-top">
          {t("vipLevels.topLevel")}
        </p>
      )}
      <p className="muted">{t("security.vip.note")}</p>
    </SecurityCard>
  );
}
