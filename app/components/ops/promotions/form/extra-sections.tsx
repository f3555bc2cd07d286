import { Field } from "~/components/forms/field";
import { useTranslation } from "~/utils/i18n";
import type { PromotionFields } from "./fields";

/** The red envelope's budget, the referral rules and the sort order. */
export function ExtraSections({ fields }: { fields: PromotionFields }) {
  const { t } = useTranslation();
  const { errors, value, text, money, moneyHint } = fields;
  return (
    <>
      <fieldset>
        <legend>{t("opsPromotions.form.sections.envelope")}</legend>
        <p className="muted">{t("opsPromotions.form.envelopeHint")}</p>
        {money("envelopeBudget")}
        {money("envelopeMin")}
        {money("envelopeMax")}
      </fieldset>
      <fieldset>
        <legend>{t("opsReferrals.rules.legend")}</legend>
        <p className="muted">{t("opsReferrals.rules.hint")}</p>
        <Field
          name="referralMinValidBet"
          label={t("opsReferrals.rules.minValidBet")}
          defaultValue={value("referralMinValidBet")}
          errors={errors.referralMinValidBet}
          inputMode="decimal"
          hint={moneyHint}
        />
        <Field
          name="referralIpWindowHours"
          label={t("opsReferrals.rules.ipWindowHours")}
          defaultValue={value("referralIpWindowHours")}
          errors={errors.referralIpWindowHours}
          inputMode="numeric"
          hint={t("opsPromotions.form.optionalHint")}
        />
      </fieldset>
      <fieldset>
        <legend>{t("opsPromotions.form.sections.sort")}</legend>
        {text("sort")}
      </fieldset>
    </>
  );
}
