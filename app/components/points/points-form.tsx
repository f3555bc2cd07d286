import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Field, FormErrors } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { useTranslation } from "~/utils/i18n";

/**
 * What the mall's two forms (redeem, convert) share: a plain post with the
 * honeypot, the intent and the form's key, the form's own fields, then the
 * withdraw password that confirms it (passwordCheck), the form's errors and
 * the button.
 */
export function PointsForm({
  intent,
  action,
  formKey,
  errors,
  submitLabel,
  testId,
  children,
}: {
  intent: "redeem" | "convert";
  action: string;
  formKey: string;
  errors: Record<string, string[] | null | undefined>;
  submitLabel: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" action={action} className="stack-form" data-testid={testId}>
      <HoneypotField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="idempotencyKey" value={formKey} />
      {children}
      <Field
        name="withdrawPassword"
        type="password"
        autoComplete="off"
        label={t("pointMall.withdrawPassword")}
        errors={errors.withdrawPassword}
        required
      />
      <FormErrors errors={errors[""] ?? errors.idempotencyKey ?? errors.itemId} />
      <button type="submit" className="button primary">
        {submitLabel}
      </button>
    </Form>
  );
}
