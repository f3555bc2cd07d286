import { Form } from "@remix-run/react";
import { Field, FormErrors, formReply, type FormReply } from "~/components/forms/field";
import { useStaffCan } from "~/components/ops/use-staff-can";
import { useTranslation } from "~/utils/i18n";

export interface PointsConfigFormValues {
  ratios: { product: string; per100: string }[];
  conversion: { points: string; cash: string; minPoints: string; stepPoints: string } | null;
}

/** The brand's points config: points per 100 currency units per product, and the points→cash rate. */
export function PointsConfigForm({
  config,
  currencySymbol,
  result,
}: {
  config: PointsConfigFormValues;
  currencySymbol: string;
  result?: FormReply;
}) {
  const can = useStaffCan("points.manage");
  const { t } = useTranslation();
  const { errors, values } = formReply(result);
  const value = (name: string, current: string | undefined) => values[name] ?? current ?? "";
  // Offered only to a role that may use it (the action checks again).
  if (!can) return null;
  return (
    <Form method="post" className="stack-form" data-testid="ops-points-config">
      <fieldset>
        <legend>{t("opsPoints.config.ratios", { currency: currencySymbol })}</legend>
        <div className="ops-points-grid">
          {config.ratios.map((ratio) => (
            <Field
              key={ratio.product}
              name={`ratio_${ratio.product}`}
              inputMode="numeric"
              label={t(`pointMall.type.${ratio.product}`)}
              defaultValue={value(`ratio_${ratio.product}`, ratio.per100)}
              errors={errors[`ratio_${ratio.product}`]}
              required
            />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("opsPoints.config.conversion")}</legend>
        <div className="ops-points-grid">
          <Field
            name="ratePoints"
            inputMode="numeric"
            label={t("opsPoints.config.ratePoints")}
            defaultValue={value("ratePoints", config.conversion?.points)}
            errors={errors.ratePoints}
            required
          />
          <Field
            name="rateCash"
            inputMode="decimal"
            label={t("opsPoints.config.rateCash", { currency: currencySymbol })}
            defaultValue={value("rateCash", config.conversion?.cash)}
            errors={errors.rateCash}
            required
          />
          <Field
            name="minPoints"
            inputMode="numeric"
            label={t("opsPoints.config.minPoints")}
            defaultValue={value("minPoints", config.conversion?.minPoints)}
            errors={errors.minPoints}
            required
          />
          <Field
            name="stepPoints"
            inputMode="numeric"
            label={t("opsPoints.config.stepPoints")}
            hint={t("opsPoints.config.stepHint")}
            defaultValue={value("stepPoints", config.conversion?.stepPoints)}
            errors={errors.stepPoints}
            required
          />
        </div>
      </fieldset>
      <FormErrors errors={errors[""]} />
      <button type="submit" className="button primary">
        {t("opsPoints.config.save")}
      </button>
    </Form>
  );
}
