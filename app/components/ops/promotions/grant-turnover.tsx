import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import type { Currency, OpsGrantView } from "./types";

/** A bonus's wagering: a bar of what was wagered against what is required, or that none is. */
export function GrantTurnover({
  grant,
  currency,
}: {
  grant: Pick<OpsGrantView, "account" | "required" | "done">;
  currency: Currency;
}) {
  const { t, i18n } = useTranslation();
  const money = (minor: string) => formatMoney(minor, currency, i18n.language);
  const required = BigInt(grant.required);
  if (required === 0n) return <>{t("opsPromotions.grants.noTurnover")}</>;
  const done = BigInt(grant.done);
  return (
    <>
      <progress
        value={Number(done > required ? required : done)}
        max={Number(required)}
        aria-label={t("opsPromotions.grants.turnoverLabel", { account: grant.account })}
      />
      <div className="muted">
        {t("rewardCentre.turnover", {
          wagered: money(grant.done),
          required: money(grant.required),
        })}
      </div>
    </>
  );
}
