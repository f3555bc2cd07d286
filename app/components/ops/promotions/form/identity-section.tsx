import { Field } from "~/components/forms/field";
import { TextareaField } from "~/components/forms/textarea-field";
import {
  CLAIM_MODES,
  PROMOTION_CATEGORIES,
  PROMOTION_KINDS,
} from "~/platform/rewards/promotion-types";
import { useTranslation } from "~/utils/i18n";
import { LANGUAGES, type PromotionFields } from "./fields";

/** Identity and texts: the code, category, kind, claim mode, and a title and rules per language. */
export function IdentitySection({ fields }: { fields: PromotionFields }) {
  const { t } = useTranslation();
  const { errors, value, label, select } = fields;
  return (
    <fieldset>
      <legend>{t("opsPromotions.form.sections.identity")}</legend>
      <Field
        name="code"
        label={label("code")}
        hint={t("opsPromotions.form.codeHint")}
        defaultValue={value("code")}
        errors={errors.code}
        dir="ltr"
        autoComplete="off"
      />
      {select("category", PROMOTION_CATEGORIES, (option) => t(`promotions.category.${option}`))}
      {select("kind", PROMOTION_KINDS, (option) =>
        t(`rewards.kinds.${option}`, { defaultValue: t(`opsReferrals.kinds.${option}`) }),
      )}
      {select("claimMode", CLAIM_MODES, (option) => t(`opsPromotions.claimMode.${option}`))}
      {LANGUAGES.map(({ code, dir }) => (
        <Field
          key={code}
          name={`titles.${code}`}
          label={label(`title_${code}`)}
          defaultValue={value(`titles.${code}`)}
          // A title missing in every language is the whole record's error; it shows under the first.
          errors={errors[`titles.${code}`] ?? (code === "en" ? errors.titles : undefined)}
          lang={code}
          dir={dir}
        />
      ))}
      {LANGUAGES.map(({ code, dir }) => (
        <TextareaField
          key={code}
          name={`rulesHtml.${code}`}
          label={label(`rules_${code}`)}
          rows={5}
          defaultValue={value(`rulesHtml.${code}`)}
          errors={errors[`rulesHtml.${code}`]}
          lang={code}
          dir={dir}
        />
      ))}
    </fieldset>
  );
}
