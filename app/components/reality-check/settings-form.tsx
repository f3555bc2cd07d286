import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { enteredValue, Field, FormErrors } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { useTranslation } from "~/utils/i18n";

/** The reminder interval (a radio group of the brand's choices) and an optional session time limit. */
export function RealitySettingsForm({
  settings,
  intervals,
  limits,
  saved,
  result,
}: {
  settings: { intervalMinutes: number; sessionLimitMinutes: number | null };
  intervals: number[];
  limits: { min: number; max: number };
  saved: boolean;
  result?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation();
  const errors = result?.error ?? {};
  const interval = enteredValue(result, "interval") ?? String(settings.intervalMinutes);
  const limit = enteredValue(result, "sessionLimit") ?? String(settings.sessionLimitMinutes ?? "");
  return (
    <div className="reality-settings">
      <h1>{t("realityCheck.title")}</h1>
      <p className="muted">{t("realityCheck.intro")}</p>
      {saved ? (
        <p className="form-success" role="status" data-testid="reality-saved">
          {t("realityCheck.saved")}
        </p>
      ) : null}
      <section className="member-card">
        <Form method="post" className="stack-form" data-testid="reality-settings-form">
          <HoneypotField />
          <input type="hidden" name="intent" value="settings" />
          <FormErrors errors={errors[""]} />
          <fieldset aria-describedby="reality-interval-error">
            <legend>{t("realityCheck.interval")}</legend>
            {intervals.map((minutes) => (
              <label key={minutes} className="radio-option">
                <input
                  type="radio"
                  name="interval"
                  value={minutes}
                  defaultChecked={interval === String(minutes)}
                />{" "}
                {minutes === 0
                  ? t("realityCheck.off")
                  : t("realityCheck.everyMinutes", { minutes })}
              </label>
            ))}
            <div id="reality-interval-error" className="field-error" role="alert">
              {errors.interval?.[0] ?? ""}
            </div>
          </fieldset>
          <Field
            label={t("realityCheck.sessionLimit")}
            hint={t("realityCheck.sessionLimitHint", limits)}
            name="sessionLimit"
            inputMode="numeric"
            defaultValue={limit}
            errors={errors.sessionLimit}
          />
          <button type="submit" className="button">
            {t("realityCheck.save")}
          </button>
        </Form>
      </section>
    </div>
  );
}
