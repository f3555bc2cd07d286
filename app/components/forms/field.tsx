import type { SubmissionResult } from "@conform-to/react";
import { useId, type InputHTMLAttributes, type ReactNode } from "react";

/**
 * A labelled input with its error line. The error line always takes its
 * space, so a message appearing never moves the button under the pointer.
 */
export function Field({
  label,
  errors,
  hint,
  ...input
}: {
  label: ReactNode;
  errors?: string[] | null;
  hint?: ReactNode;
  name: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const error = errors?.[0];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={hint ? `${hintId} ${errorId}` : errorId}
        {...input}
      />
      {hint ? (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      ) : null}
      <div id={errorId} className="field-error" role={error ? "alert" : undefined}>
        {error ?? ""}
      </div>
    </div>
  );
}

/** A required tick box (terms, a confirmation) with its error line, after anything the field adds. */
export function CheckboxField({
  name,
  label,
  defaultChecked,
  errors,
  className,
  children,
}: {
  name: string;
  label: ReactNode;
  defaultChecked: boolean;
  errors?: string[] | null;
  className?: string;
  children?: ReactNode;
}) {
  const id = useId();
  const error = errors?.[0];
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name={name}
          defaultChecked={defaultChecked}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
        />
        <span>{label}</span>
      </label>
      {children}
      <div id={`${id}-error`} className="field-error" role={error ? "alert" : undefined}>
        {error ?? ""}
      </div>
    </div>
  );
}

/** Errors that belong to the whole form (wrong password, throttled, …). */
export function FormErrors({ errors, id }: { errors?: string[] | null; id?: string }) {
  return (
    <div
      id={id}
      className="form-errors"
      role={errors?.length ? "alert" : undefined}
      data-testid="form-errors"
    >
      {errors?.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}

/**
 * The part of conform's reply (`submission.reply()`, a `SubmissionResult<string[]>`) a
 * form reads back after a failed post: what was typed and what is wrong with it. Loader
 * and action data serialised to JSON still fit it.
 */
export type FormReply = Pick<SubmissionResult<string[]>, "initialValue" | "error">;

/** What was typed into a field before a failed post (conform's reply), so nothing has to be typed again. */
export function enteredValue(
  result: FormReply | null | undefined,
  name: string,
): string | undefined {
  const value = result?.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}

/**
 * A failed post's errors by field (the key "" holds the form's own errors) and what was
 * typed, field by field, as text for an input's defaultValue. Secrets never come back:
 * the action hides them (`hideFields`).
 */
export function formReply(result: FormReply | null | undefined): {
  errors: Record<string, string[] | null | undefined>;
  values: Record<string, string | undefined>;
} {
  const entered = Object.entries(result?.initialValue ?? {}).flatMap(
    ([name, value]): [string, string][] => (typeof value === "string" ? [[name, value]] : []),
  );
  return { errors: result?.error ?? {}, values: Object.fromEntries(entered) };
}
