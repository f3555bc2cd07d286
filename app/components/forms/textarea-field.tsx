import { useId, type ReactNode, type TextareaHTMLAttributes } from "react";

/** A labelled textarea with its hint and error line, laid out like Field (the error line keeps its space). */
export function TextareaField({
  label,
  errors,
  hint,
  ...textarea
}: {
  label: ReactNode;
  errors?: string[] | null;
  hint?: ReactNode;
  name: string;
} & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const error = errors?.[0];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={hint ? `${id}-hint ${id}-error` : `${id}-error`}
        {...textarea}
      />
      {hint ? (
        <div id={`${id}-hint`} className="field-hint">
          {hint}
        </div>
      ) : null}
      <div id={`${id}-error`} className="field-error" role={error ? "alert" : undefined}>
        {error ?? ""}
      </div>
    </div>
  );
}
