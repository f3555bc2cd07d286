import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { enteredValue, Field, FormErrors } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { useStaffCan } from "~/components/ops/use-staff-can";
import { LimitKeyFields } from "~/components/protection/limit-key-fields";
import { useTranslation } from "~/utils/i18n";

/** The operator sets a member's first limit or lowers one, at once; raising or removing is the member's alone. */
export function AddLimitForm({
  account,
  result,
}: {
  account: string;
  result?: SubmissionResult<string[]> | null;
}) {
  const can = useStaffCan("protection.manage");
  const { t } = useTranslation();
  const errors = result?.error ?? {};
  // Offered only to a role that may use it (the action checks again).
  if (!can) return null;
  return (
    <section aria-labelledby="ops-add-limit-title">
      <h2 id="ops-add-limit-title">{t("protectionOps.addLimit.title")}</h2>
      <p className="muted">{t("protectionOps.addLimit.note")}</p>
      <Form
        method="post"
        action="/ops/protection?view=limits"
        className="stack-form"
        noValidate
        data-testid="ops-add-limit"
      >
        <HoneypotField />
        <input type="hidden" name="intent" value="limit" />
        <Field
          name="account"
          label={t("protectionBreak.ops.account")}
          autoComplete="off"
          defaultValue={enteredValue(result, "account") ?? account}
          required
          errors={errors.account}
        />
        <LimitKeyFields result={result} />
        <Field
          name="amount"
          label={t("protection.limits.amount")}
          inputMode="decimal"
          autoComplete="off"
          defaultValue={enteredValue(result, "amount")}
          required
          errors={errors.amount}
        />
        <FormErrors errors={errors[""]} />
        <button type="submit" className="button primary">
          {t("protectionOps.addLimit.submit")}
        </button>
      </Form>
    </section>
  );
}
