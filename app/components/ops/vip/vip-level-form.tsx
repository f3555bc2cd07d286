import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { enteredValue, Field, FormErrors } from "~/components/forms/field";
import { useStaffCan } from "~/components/ops/use-staff-can";
import { REBATE_CATEGORIES, type VipLevel } from "~/platform/rewards/vip-levels";
import { useTranslation } from "~/utils/i18n";
import { minorToInput } from "~/utils/money";
import { rateToInput } from "~/utils/rates";

/**
 * One level's form: the saved values, or what was typed before a refused
 * save, with each field's error beside it. Level 0 (members without VIP) has
 * no thresholds or bonus: those fields are fixed at 0.
 */
export function VipLevelForm({
  level,
  current,
  currency,
  result,
}: {
  level: number;
  current: VipLevel | null;
  currency: { symbol: string; minorUnits: number };
  result?: SubmissionResult<string[]> | null;
}) {
  const can = useStaffCan("vip.manage");
  const { t } = useTranslation();
  const errors = result?.error ?? {};
  const money = (minor: string | null | undefined) =>
    minor === null || minor === undefined ? "" : minorToInput(minor, currency.minorUnits);
  const value = (name: string, saved: string) => enteredValue(result, name) ?? saved;
  // conform returns the typed rates nested under `rates`, as their names (rates.RNG) say.
  const typedRate = (category: string) => {
    const rates = result?.initialValue?.rates;
    if (typeof rates !== "object" || rates === null) return undefined;
    const typed = Object.entries(rates).find(([name]) => name === category)?.[1];
    return typeof typed === "string" ? typed : undefined;
  };
  const base = level === 0;
  const moneyField = (name: "minDeposits" | "minValidBets" | "upgradeBonus") =>
    base ? (
      <input type="hidden" name={name} value="0" />
    ) : (
      <Field
        name={name}
        label={t(`vipLevels.ops.${name}`)}
        inputMode="decimal"
        defaultValue={value(name, money(current?.[name] ?? "0"))}
        errors={errors[name]}
      />
    );
  // Offered only to a role that may use it (the action checks again).
  if (!can) return null;
  return (
    <section
      className="member-card"
      aria-labelledby="ops-vip-form-title"
      data-testid="ops-vip-form"
    >
      <h2 id="ops-vip-form-title">{t("vipLevels.ops.editTitle", { level })}</h2>
      <p>
        <Link to="/ops/vip">{t("vipLevels.ops.cancel")}</Link>
      </p>
      <Form method="post" action={`/ops/vip?level=${level}`} className="stack-form">
        <input type="hidden" name="level" value={level} />
        <FormErrors errors={errors[""]} />
        <Field
          name="nameEn"
          label={t("vipLevels.ops.nameEn")}
          defaultValue={value("nameEn", current?.names.en ?? "")}
          errors={errors.nameEn}
          lang="en"
          dir="ltr"
        />
        <Field
          name="nameUr"
          label={t("vipLevels.ops.nameUr")}
          defaultValue={value("nameUr", current?.names.ur ?? "")}
          errors={errors.nameUr}
          lang="ur"
          dir="rtl"
        />
        {moneyField("minDeposits")}
        {moneyField("minValidBets")}
        {moneyField("upgradeBonus")}
        <Field
          name="withdrawDailyCount"
          label={t("vipLevels.ops.withdrawDailyCount")}
          inputMode="numeric"
          hint={t("vipLevels.ops.optionalHint")}
          defaultValue={value("withdrawDailyCount", current?.withdrawDailyCount?.toString() ?? "")}
          errors={errors.withdrawDailyCount}
        />
        <Field
          name="withdrawMax"
          label={t("vipLevels.ops.withdrawMax")}
          inputMode="decimal"
          hint={t("vipLevels.ops.optionalHint")}
          defaultValue={value("withdrawMax", money(current?.withdrawMax))}
          errors={errors.withdrawMax}
        />
        <fieldset>
          <legend>{t("vipLevels.ops.ratesTitle")}</legend>
          <div className="rate-grid">
            {REBATE_CATEGORIES.map((category) => (
              <Field
                key={category}
                name={`rates.${category}`}
                label={t("vipLevels.ops.rate", { category: t(`category.${category}`) })}
                inputMode="decimal"
                defaultValue={typedRate(category) ?? rateToInput(current?.rates[category] ?? 0)}
                errors={errors[`rates.${category}`]}
              />
            ))}
          </div>
        </fieldset>
        <button type="submit" className="button primary" data-testid="ops-vip-save">
          {t("vipLevels.ops.save")}
        </button>
      </Form>
    </section>
  );
}
