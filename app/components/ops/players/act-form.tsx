import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormErrors } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";

/**
 * A form of the player page that posts one act back to the page: the honeypot,
 * the intent and any fixed fields, what staff fill in, the form's own errors
 * (a refusal the fields do not explain) and its button.
 */
export function ActForm({
  intent,
  fixed = {},
  errors,
  submit,
  primary = false,
  testId,
  submitTestId,
  children,
}: {
  intent: string;
  fixed?: Record<string, string>;
  errors?: string[] | null;
  submit: string;
  primary?: boolean;
  testId: string;
  submitTestId: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="stack-form" data-testid={testId}>
      <HoneypotField />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fixed).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <FormErrors errors={errors} />
      <button
        type="submit"
        className={primary ? "button primary" : "button"}
        data-testid={submitTestId}
      >
        {submit}
      </button>
    </Form>
  );
}
