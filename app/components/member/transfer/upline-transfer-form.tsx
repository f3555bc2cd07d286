import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AmountField } from "./amount-field";
import { FormKeyInput } from "./form-key-input";
import { Field, FormErrors } from "../../forms/field";

/**
 * Transfer to the upline: an amount from the main wallet to the account's own agent, the one
 * form of the member's page and the agent centre's team page. The upline comes from the
 * account, never the form.
 */
export function UplineTransferForm({
  formKey,
  result,
  amountLabel,
  submitLabel,
  passwordLabel,
  testId,
}: {
  formKey: string;
  result?: SubmissionResult<string[]> | null;
  amountLabel: string;
  submitLabel: string;
  passwordLabel: string;
  testId: string;
}) {
  const errors = result?.error ?? {};
  return (
    <Form method="post" className="stack-form" noValidate preventScrollReset data-testid={testId}>
      <input type="hidden" name="intent" value="transfer-upline" />
      <FormKeyInput formKey={formKey} />
      <AmountField
        label={amountLabel}
        entered={result?.initialValue?.amount}
        errors={errors.amount}
      />
      {/* Money leaves the account: the withdraw password, as a withdrawal asks for it. */}
      <Field
        name="withdrawPassword"
        type="password"
        label={passwordLabel}
        autoComplete="off"
        errors={errors.withdrawPassword}
        required
      />
      <FormErrors errors={errors[""]} />
      <button type="submit" className="button primary">
        {submitLabel}
      </button>
    </Form>
  );
}
