import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import type { Money, PromotionGrantData } from "./types";

/** Whole percent of a bigint ratio, floored and capped at 100 (no floating point on money). */
function percentOf(done: string, required: string): number {
  const need = BigInt(required);
  if (need <= 0n) return 100;
  const ratio = (BigInt(done) * 100n) / need;
  return Number(ratio > 100n ? 100n : ratio);
}

/** A locked bonus being wagered: wagered / required as a progress bar, and until when. */
export function TurnoverProgress({
  grant,
  currency,
  locale,
  timeZone,
}: {
  grant: PromotionGrantData;
  currency: Money;
  locale: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const percent = percentOf(grant.done, grant.required);
  const wagered = formatMoney(grant.done, currency, locale);
  const required = formatMoney(grant.required, currency, locale);
  return (
    <div className="turnover" data-testid="turnover">
      <div className="turnover-figures">
        <span>{t("rewardCentre.turnover", { wagered, required })}</span>
        <span>
          {t("rewardCentre.bonusLocked", { amount: formatMoney(grant.amount, currency, locale) })}
        </span>
      </div>
      <progress
        value={percent}
        max={100}
        aria-label={t("rewardCentre.turnoverLabel", { percent })}
        data-testid="turnover-bar"
      />
      {grant.expiresAt ? (
        <p className="muted">
          {t("rewardCentre.expiresAt", { time: formatTimestamp(grant.expiresAt, timeZone) })}
        </p>
      ) : null}
    </div>
  );
}
