import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { enteredValue, Field, FormErrors } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { LimitKeyFields } from "~/components/protection/limit-key-fields";
import { useTranslation } from "~/utils/i18n";

/** Sets a limit, lowers one at once, or asks for a raise that waits 24 hours. */
export function LimitForm({ result }: { result?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const errors = result?.error ?? {};
  return (
    <section className="member-card" aria-labelledby="limit-form-title">
      <h2 id="limit-form-title">{t("protection.limits.setTitle")}</h2>
      <p className="muted">{t("protection.limits.setNote")}</p>
      <Form method="post" className="stack-form" data-testid="limit-form">
        <HoneypotField />
        <input type="hidden" name="intent" value="set" />
        <LimitKeyFields result={result} />
        <Field
          name="amount"
          label={t("protection.limits.amount")}
          inputMode="decimal"
          autoComplete="off"
          defaultValue={enteredValue(result, "amount")}
          errors={errors.amount}
        />
        <FormErrors errors={errors[""]} />
        <button type="submit" className="button primary">
          {t("protection.limits.save")}
        </button>
      </Form>
    </section>
  );
}
