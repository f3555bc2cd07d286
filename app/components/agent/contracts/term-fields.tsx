import type { SubmissionResult } from "@conform-to/react";
import { useId } from "react";
import { enteredValue, Field } from "~/components/forms/field";
import type { ContractKind } from "~/platform/db/schema";
import { useTranslation } from "~/utils/i18n";
import { TERM_FIELDS, termLabelKey } from "./contract-terms";

const PERIODS = ["D", "W", "H", "M"] as const;
const RATE_FIELDS = new Set(["rate", "profitRate", "lossRate"]);

/**
 * The terms of a contract kind as form fields: the period (D W H M) for a
 * dividend, then the kind's thresholds and rates (rates in percent). Shared
 * by the agent's offer and the operator's house-contract grant.
 */
export function ContractTermFields({
  kind,
  result,
  rateHint,
}: {
  kind: ContractKind;
  result?: SubmissionResult<string[]>;
  /** The hint under a rate field (e.g. the highest rate allowed), if any. */
  rateHint?: (field: string) => string;
}) {
  const { t } = useTranslation();
  const periodId = useId();
  const errors = result?.error ?? {};
  return (
    <>
      {kind === "DIVIDEND" ? (
        <div className="field">
          <label htmlFor={periodId}>{t("agentContracts.terms.period")}</label>
          <select
            id={periodId}
            name="period"
            defaultValue={enteredValue(result, "period") ?? "W"}
            aria-invalid={errors.period ? true : undefined}
            aria-describedby={`${periodId}-error`}
          >
            {PERIODS.map((period) => (
              <option key={period} value={period}>
                {t(`agentContracts.period.${period}`)}
              </option>
            ))}
          </select>
          <div
            id={`${periodId}-error`}
            className="field-error"
            role={errors.period ? "alert" : undefined}
          >
            {errors.period?.[0] ?? ""}
          </div>
        </div>
      ) : null}
      {TERM_FIELDS[kind].map((field) => {
        const rate = RATE_FIELDS.has(field);
        return (
          <Field
            key={field}
            name={field}
            label={rate ? `${t(termLabelKey(kind, field))} (%)` : t(termLabelKey(kind, field))}
            inputMode={field === "minActiveMembers" ? "numeric" : "decimal"}
            autoComplete="off"
            defaultValue={enteredValue(result, field)}
            errors={errors[field]}
            required={rate}
            hint={rate ? rateHint?.(field) : t("agentContracts.offer.thresholdHint")}
          />
        );
      })}
    </>
  );
}
