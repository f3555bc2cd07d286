import type { ReactNode } from "react";
import { SelectField } from "~/components/member/withdraw/select-field";

/**
 * A required choice among codes, each shown by its label: a refused post keeps the pick
 * (`reply`), and without a default the first option is a placeholder nobody can submit, so
 * the browser asks for a pick even with JavaScript off.
 */
export function ChoiceField({
  name,
  label,
  codes,
  labelOf,
  reply,
  defaultCode = "",
}: {
  name: string;
  label: ReactNode;
  codes: readonly string[];
  labelOf: (code: string) => string;
  reply: {
    values: Record<string, string | undefined>;
    errors: Record<string, string[] | null | undefined>;
  };
  /** Picked unless the post said otherwise; none shows the placeholder. */
  defaultCode?: string;
}) {
  return (
    <SelectField
      name={name}
      label={label}
      defaultValue={reply.values[name] ?? defaultCode}
      errors={reply.errors[name]}
      required
    >
      {defaultCode ? null : (
        <option value="" disabled>
          —
        </option>
      )}
      {codes.map((code) => (
        <option key={code} value={code}>
          {labelOf(code)}
        </option>
      ))}
    </SelectField>
  );
}
