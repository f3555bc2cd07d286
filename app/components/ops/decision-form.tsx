import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { HoneypotField } from "~/components/forms/honeypot-field";
import type { StaffPermission } from "~/platform/identity/staff-permissions";
import { useStaffCan } from "./use-staff-can";

/**
 * One operator decision on a queue row (approve, reject, verify, mark paid…): a small POST
 * form that carries the row's id and the queue's place back, so the redirect after it
 * returns the operator to the same page, with JavaScript or without.
 */
export function DecisionForm({
  permission,
  action,
  intent,
  hidden,
  label,
  testId,
  ariaLabel,
  primary = false,
  children,
}: {
  /** What the decision needs: a role without it is offered no form (the action checks again). */
  permission: StaffPermission;
  action: string;
  intent: string;
  /** The row's id and the queue's place, posted back as hidden fields. */
  hidden: Record<string, string | number>;
  label: string;
  testId: string;
  ariaLabel?: string;
  primary?: boolean;
  /** Fields the decision needs, such as a reason. */
  children?: ReactNode;
}) {
  if (!useStaffCan(permission)) return null;
  return (
    <Form method="post" action={action} className="stack-form ops-action">
      <HoneypotField />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <button
        type="submit"
        className={primary ? "button small primary" : "button small"}
        aria-label={ariaLabel}
        data-testid={testId}
      >
        {label}
      </button>
    </Form>
  );
}
