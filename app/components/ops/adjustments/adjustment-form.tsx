import { ChoiceField } from "~/components/forms/choice-field";
import { FormErrors, formReply, Field, type FormReply } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { TextareaField } from "~/components/forms/textarea-field";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { StaffForm } from "../staff-form";

/** What the form needs from the loader: the brand's reasons and limits, and a fresh form key. */
export interface AdjustmentFormView {
  formKey: string;
  reasons: string[];
  /** Minor units: above it, a second staff member approves. */
  fourEyesAbove: string;
  max: string;
  noteMax: number;
}

/**
 * A staff member credits or debits the member's main balance: direction, amount, a reason
 * from the brand's list and a note. The form's key makes a doubled submit one adjustment.
 */
export function AdjustmentForm({
  form,
  currency,
  failed,
}: {
  form: AdjustmentFormView;
  currency: { symbol: string; minorUnits: number };
  failed?: FormReply | null;
}) {
  const { t, i18n } = useTranslation();
  const reply = formReply(failed ?? null);
  const money = (minor: string) => formatMoney(minor, currency, i18n.language);
  return (
    <StaffForm
      permission="adjustments.request"
      className="stack-form"
      noValidate
      aria-labelledby="adjustment-form-title"
      data-testid="adjustment-form"
    >
      <h2 id="adjustment-form-title">{t("opsAdjustments.form.title")}</h2>
      <p className="muted">
        {t("opsAdjustments.form.hint", {
          threshold: money(form.fourEyesAbove),
          max: money(form.max),
        })}
      </p>
      <HoneypotField />
      <input type="hidden" name="intent" value="adjust" />
      <input type="hidden" name="idempotencyKey" value={form.formKey} />
      <ChoiceField
        name="direction"
        label={t("opsAdjustments.form.direction")}
        codes={["credit", "debit"]}
        labelOf={(direction) => t(`opsAdjustments.form.${direction}`)}
        reply={reply}
        defaultCode="credit"
      />
      <Field
        name="amount"
        label={t("opsAdjustments.amount")}
        inputMode="decimal"
        autoComplete="off"
        defaultValue={reply.values.amount ?? ""}
        errors={reply.errors.amount}
        required
      />
      <ChoiceField
        name="reason"
        label={t("opsAdjustments.reason")}
        codes={form.reasons}
        labelOf={(reason) => t(`opsAdjustments.reasons.${reason}`)}
        reply={reply}
      />
      <TextareaField
        name="note"
        label={t("opsAdjustments.form.note")}
        defaultValue={reply.values.note ?? ""}
        errors={reply.errors.note}
        maxLength={form.noteMax}
        rows={3}
        required
      />
      <FormErrors errors={reply.errors[""] ?? reply.errors.idempotencyKey} />
      <button type="submit" className="button primary" data-testid="adjustment-submit">
        {t("opsAdjustments.form.submit")}
      </button>
    </StaffForm>
  );
}
