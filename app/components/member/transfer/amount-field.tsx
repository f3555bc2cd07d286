import { Field } from "../../forms/field";

/** A money amount as typed (a plain decimal), its error, and what the member entered before a failed try. */
export function AmountField({
  label,
  entered,
  errors,
}: {
  label: string;
  entered: unknown;
  errors?: string[] | null;
}) {
  return (
    <Field
      name="amount"
      label={label}
      inputMode="decimal"
      autoComplete="off"
      defaultValue={typeof entered === "string" ? entered : undefined}
      errors={errors}
      required
    />
  );
}
