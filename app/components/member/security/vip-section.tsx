import { useTranslation } from "~/utils/i18n";
import { SecurityCard } from "./section";

/** §6: shown only to members with VIP; their level and its label (§3 vipRankLevel, vipLabelName). */
export function VipSection({ level }: { level: number }) {
  const { t } = useTranslation();
  return (
    <SecurityCard id="vip" title={t("security.vip.title")}>
      <dl className="agent-facts">
        <div>
          <dt>{t("security.vip.level")}</dt>
          <dd data-testid="vip-level">{level}</dd>
        </div>
        <div>
          <dt>{t("security.vip.label")}</dt>
          <dd data-testid="vip-label-name">{t("member.vipLevel", { level })}</dd>
        </div>
      </dl>
      <p className="muted">{t("security.vip.note")}</p>
    </SecurityCard>
  );
}
