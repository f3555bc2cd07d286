import { PROMOTION_PERIODS } from "~/platform/rewards/promotion-types";
import { useTranslation } from "~/utils/i18n";
import type { PromotionFields } from "./fields";

/** Who may take part (registration age, VIP levels, deposits) and when (the brand's wall clock). */
export function AudienceSections({
  fields,
  timeZone,
}: {
  fields: PromotionFields;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const { text, dateTime, select } = fields;
  return (
    <>
      <fieldset>
        <legend>{t("opsPromotions.form.sections.audience")}</legend>
        {text("registeredWithinDays", { hint: t("opsPromotions.form.optionalHint") })}
        {text("vipMin")}
        {text("vipMax", { hint: t("opsPromotions.form.optionalHint") })}
        {text("minDeposits")}
        {text("maxDeposits", { hint: t("opsPromotions.form.optionalHint") })}
      </fieldset>
      <fieldset>
        <legend>{t("opsPromotions.form.sections.schedule")}</legend>
        <p className="muted">{t("opsPromotions.form.timeZone", { zone: timeZone })}</p>
        {dateTime("showsFrom")}
        {dateTime("startsAt")}
        {dateTime("endsAt")}
        {select("period", PROMOTION_PERIODS, (option) => t(`opsPromotions.period.${option}`))}
      </fieldset>
    </>
  );
}
