import { Field, formReply, type FormReply } from "~/components/forms/field";
import { useTranslation } from "~/utils/i18n";
import { formatPoints } from "./format";
import { PointsForm } from "./points-form";

/**
 * Converting points to cash (MCS2_convertPoint): how many points (from the
 * minimum, in steps), confirmed with the withdraw password. A refusal keeps
 * the number typed.
 */
export function ConvertForm({
  formKey,
  minPoints,
  stepPoints,
  result,
}: {
  formKey: string;
  minPoints: string;
  stepPoints: string;
  result?: FormReply;
}) {
  const { t, i18n } = useTranslation();
  const { errors, values } = formReply(result);
  return (
    <section className="member-card" aria-labelledby="convert-title">
      <h2 id="convert-title">{t("pointMall.convert.title")}</h2>
      <PointsForm
        intent="convert"
        action="/pointMall?area=rates"
        formKey={formKey}
        errors={errors}
        submitLabel={t("pointMall.convert.submit")}
        testId="convert-form"
      >
        <Field
          name="points"
          inputMode="numeric"
          label={t("pointMall.convert.points")}
          hint={t("pointMall.convert.hint", {
            min: formatPoints(minPoints, i18n.language),
            step: formatPoints(stepPoints, i18n.language),
          })}
          defaultValue={values.points}
          errors={errors.points}
          required
        />
      </PointsForm>
    </section>
  );
}
