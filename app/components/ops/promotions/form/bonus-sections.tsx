import { Field } from "~/components/forms/field";
import { GAME_CATEGORIES } from "~/platform/rewards/promotion-types";
import { useTranslation } from "~/utils/i18n";
import type { PromotionFields } from "./fields";

/** The bonus's terms: the reward, its turnover and game contributions, the maximum bet, expiry and withdrawals. */
export function BonusSections({ fields }: { fields: PromotionFields }) {
  const { t } = useTranslation();
  const { errors, value, text, money, select } = fields;
  return (
    <>
      <fieldset>
        <legend>{t("opsPromotions.form.sections.reward")}</legend>
        {money("rewardFixed")}
        {text("rewardBps", { inputMode: "decimal", hint: t("opsPromotions.form.percentHint") })}
        {money("rewardCap")}
        {money("minDeposit")}
      </fieldset>
      <fieldset>
        <legend>{t("opsPromotions.form.sections.turnover")}</legend>
        {text("turnoverMultiple", {
          inputMode: "decimal",
          hint: t("opsPromotions.form.multipleHint"),
        })}
        {select("turnoverBase", ["bonus", "bonus_deposit"], (option) =>
          t(`opsPromotions.turnoverBase.${option}`),
        )}
        {text("contributionDefault", { hint: t("opsPromotions.form.contributionHint") })}
        <div className="rate-grid">
          {GAME_CATEGORIES.map((category) => (
            <Field
              key={category}
              name={`contributions.${category}`}
              label={t("opsPromotions.form.contribution", { category: t(`category.${category}`) })}
              inputMode="numeric"
              defaultValue={value(`contributions.${category}`)}
              errors={errors[`contributions.${category}`]}
            />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("opsPromotions.form.sections.maxBet")}</legend>
        {money("maxBet")}
        {select("maxBetRule", ["refuse", "zero"], (option) =>
          t(`opsPromotions.maxBetRule.${option}`),
        )}
      </fieldset>
      <fieldset>
        <legend>{t("opsPromotions.form.sections.expiry")}</legend>
        {text("expiryHours", { hint: t("opsPromotions.form.optionalHint") })}
        {select("withdrawalRule", ["forfeit", "refuse"], (option) =>
          t(`opsPromotions.withdrawalRule.${option}`),
        )}
      </fieldset>
    </>
  );
}
