import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useId } from "react";
import { Field, FormErrors } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { useTranslation } from "~/utils/i18n";
import { BREAK_PATH, type BreakBoundsView, type BreakKindView } from "./types";

/**
 * One tool (a time-out or a self-exclusion): a length picked from the usual
 * choices or typed within bounds. Posting it only asks for the confirmation;
 * nothing starts until the member confirms.
 */
export function BreakToolForm({
  kind,
  bounds,
  result,
}: {
  kind: BreakKindView;
  bounds: BreakBoundsView;
  /** The reply of this tool's last review, when it was refused. */
  result?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const errors = result?.error ?? {};
  const unit = (count: number) => t(`protectionBreak.unit.${bounds.unit}`, { count });
  return (
    <section className="member-card" aria-labelledby={titleId} data-testid={`break-${kind}`}>
      <h2 id={titleId}>{t(`protectionBreak.${kind}.title`)}</h2>
      <p>{t(`protectionBreak.${kind}.about`)}</p>
      <Form method="post" action={BREAK_PATH} className="stack-form" noValidate>
        <HoneypotField />
        <input type="hidden" name="intent" value="review" />
        <input type="hidden" name="kind" value={kind} />
        <fieldset>
          <legend>{t("protectionBreak.length")}</legend>
          {bounds.choices.map((choice, index) => (
            <label key={choice} className="checkbox">
              <input type="radio" name="length" value={choice} defaultChecked={index === 0} />
              {unit(choice)}
            </label>
          ))}
        </fieldset>
        <Field
          name="typedLength"
          type="number"
          inputMode="numeric"
          min={bounds.min}
          max={bounds.max}
          label={t(`protectionBreak.typed.${bounds.unit}`)}
          hint={t("protectionBreak.typedHint", { min: unit(bounds.min), max: unit(bounds.max) })}
          errors={errors.length ?? errors.typedLength}
        />
        <FormErrors errors={errors[""]} />
        <button type="submit" className="button primary">
          {t(`protectionBreak.${kind}.review`)}
        </button>
      </Form>
    </section>
  );
}
