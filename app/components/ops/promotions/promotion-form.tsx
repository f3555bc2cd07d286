import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrors } from "~/components/forms/field";
import { useStaffCan } from "~/components/ops/use-staff-can";
import { useTranslation } from "~/utils/i18n";
import { AudienceSections } from "./form/audience-sections";
import { BonusSections } from "./form/bonus-sections";
import { ExtraSections } from "./form/extra-sections";
import { usePromotionFields } from "./form/fields";
import { IdentitySection } from "./form/identity-section";
import type { Currency, PromotionFieldValues } from "./types";

/**
 * Every field of a promotion (`promotionInputSchema`), grouped: identity and
 * texts, audience, schedule (the brand's wall clock), reward, turnover and
 * contributions, maximum bet, expiry and withdrawals, red envelope, sort.
 * After a refused post or a preview the typed values come back with each
 * error beside its field. Two submits: Preview (saves nothing) and Save.
 */
export function PromotionForm({
  action,
  values,
  result,
  currency,
  timeZone,
}: {
  action: string;
  values: PromotionFieldValues;
  result?: SubmissionResult<string[]>;
  currency: Currency;
  timeZone: string;
}) {
  const can = useStaffCan("promotions.manage");
  const { t } = useTranslation();
  const fields = usePromotionFields({ values, result, currency });
  // Offered only to a role that may use it (the action checks again).
  if (!can) return null;
  return (
    <Form
      method="post"
      action={action}
      className="stack-form ops-promotion-form"
      noValidate
      data-testid="ops-promotion-form"
    >
      <FormErrors errors={fields.errors[""]} />
      <IdentitySection fields={fields} />
      <AudienceSections fields={fields} timeZone={timeZone} />
      <BonusSections fields={fields} />
      <ExtraSections fields={fields} />
      <div className="quick-actions">
        <button
          type="submit"
          name="intent"
          value="preview"
          className="button"
          data-testid="ops-promotion-preview"
        >
          {t("opsPromotions.form.preview")}
        </button>
        <button
          type="submit"
          name="intent"
          value="save"
          className="button primary"
          data-testid="ops-promotion-save"
        >
          {t("opsPromotions.form.save")}
        </button>
      </div>
    </Form>
  );
}
