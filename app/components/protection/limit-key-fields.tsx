import type { SubmissionResult } from "@conform-to/react";
import { enteredValue } from "~/components/forms/field";
import { SelectField } from "~/components/member/withdraw/select-field";
import { LIMIT_KINDS, LIMIT_PERIODS } from "~/platform/protection/limits-rules";
import { useTranslation } from "~/utils/i18n";

/** Which limit a form sets: its kind and period, as the member's and the operator's forms ask them. */
export function LimitKeyFields({ result }: { result?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const errors = result?.error ?? {};
  return (
    <>
      <SelectField
        name="kind"
        label={t("protection.limits.kind")}
        defaultValue={enteredValue(result, "kind") ?? "deposit"}
        errors={errors.kind}
      >
        {LIMIT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`protection.kind.${kind}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        name="period"
        label={t("protection.limits.period")}
        defaultValue={enteredValue(result, "period") ?? "day"}
        errors={errors.period}
      >
        {LIMIT_PERIODS.map((period) => (
          <option key={period} value={period}>
            {t(`protection.period.${period}`)}
          </option>
        ))}
      </SelectField>
    </>
  );
}
