import { Form } from "@remix-run/react";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { Field, FormErrors, formReply, type FormReply } from "~/components/forms/field";
import { useTranslation } from "~/utils/i18n";
import { formatPoints } from "./format";

/**
 * Converting points to cash (§7 MCS2_convertPoint): how many points (from the
 * minimum, in steps) and the withdraw password. A plain post that works
 * without JavaScript; a refusal keeps the number typed.
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
      <Form
        method="post"
        action="/pointMall?area=rates"
        className="stack-form"
        data-testid="convert-form"
      >
        <HoneypotInputs />
        <input type="hidden" name="intent" value="convert" />
        <input type="hidden" name="idempotencyKey" value={formKey} />
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
        <Field
          name="withdrawPassword"
          type="password"
          autoComplete="off"
          label={t("pointMall.withdrawPassword")}
          errors={errors.withdrawPassword}
          required
        />
        <FormErrors errors={errors[""] ?? errors.idempotencyKey} />
        <button type="submit" className="button primary">
          {t("pointMall.convert.submit")}
        </button>
      </Form>
    </section>
  );
}
