import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Field, FormErrors } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { useStaffCan } from "~/components/ops/use-staff-can";
import type { BreakBoundsView, BreakKindView } from "~/components/protection-break/types";
import { useTranslation } from "~/utils/i18n";

/** The operator adds a time-out or self-exclusion for a member; there is no removing one. */
export function AddRestrictionForm({
  bounds,
  result,
}: {
  bounds: Record<BreakKindView, BreakBoundsView>;
  result?: SubmissionResult<string[]>;
}) {
  const can = useStaffCan("protection.manage");
  const { t } = useTranslation();
  const errors = result?.error ?? {};
  const kinds = ["time_out", "exclusion"] as const;
  // Offered only to a role that may use it (the action checks again).
  if (!can) return null;
  return (
    <Form method="post" action="/ops/protection" className="stack-form" noValidate>
      <HoneypotField />
      <input type="hidden" name="intent" value="add" />
      <Field
        name="account"
        label={t("protectionBreak.ops.account")}
        autoComplete="off"
        required
        errors={errors.account}
      />
      <fieldset>
        <legend>{t("protectionBreak.state.kind")}</legend>
        {kinds.map((kind, index) => (
          <label key={kind} className="checkbox">
            <input type="radio" name="kind" value={kind} defaultChecked={index === 0} />
            {t(`protectionBreak.kind.${kind}`)} (
            {t("protectionBreak.typedHint", {
              min: t(`protectionBreak.unit.${bounds[kind].unit}`, { count: bounds[kind].min }),
              max: t(`protectionBreak.unit.${bounds[kind].unit}`, { count: bounds[kind].max }),
            })}
            )
          </label>
        ))}
      </fieldset>
      <Field
        name="length"
        type="number"
        inputMode="numeric"
        label={t("protectionBreak.length")}
        hint={`${t("protectionBreak.typed.days")} / ${t("protectionBreak.typed.months")}`}
        required
        errors={errors.length}
      />
      <FormErrors errors={errors[""]} />
      <button type="submit" className="button primary">
        {t("protectionBreak.ops.add")}
      </button>
    </Form>
  );
}
