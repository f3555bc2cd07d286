import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { AmountField } from "./amount-field";
import { FormKeyInput } from "./form-key-input";
import { FormErrors } from "../../forms/field";

/** Transfer to the upline: an amount from the main wallet to the agent; the agent comes from the account, never the form. */
export function UplineTransferForm({
  formKey,
  result,
}: {
  formKey: string;
  result?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation();
  const errors = result?.error ?? {};
  return (
    <Form method="post" className="stack-form" noValidate data-testid="upline-transfer-form">
      <input type="hidden" name="intent" value="transfer-upline" />
      <FormKeyInput formKey={formKey} />
      <AmountField
        label={t("transfer.upline.amount")}
        entered={result?.initialValue?.amount}
        errors={errors.amount}
      />
      <FormErrors errors={errors[""]} />
      <button type="submit" className="button primary">
        {t("transfer.upline.submit")}
      </button>
    </Form>
  );
}
