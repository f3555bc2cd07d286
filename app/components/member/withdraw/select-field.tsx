import { useId, type ReactNode, type SelectHTMLAttributes } from "react";

/** A labelled select with its error line, laid out like Field (the error line keeps its space). */
export function SelectField({
  label,
  errors,
  children,
  ...select
}: {
  label: ReactNode;
  errors?: string[] | null;
  name: string;
  children: ReactNode;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  const error = errors?.[0];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        {...select}
      >
        {children}
      </select>
      <div id={`${id}-error`} className="field-error" role={error ? "alert" : undefined}>
        {error ?? ""}
      </div>
    </div>
  );
}
