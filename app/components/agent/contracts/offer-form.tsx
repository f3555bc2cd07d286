import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useId } from "react";
import { Field, FormErrors } from "~/components/forms/field";
import type { ContractKind } from "~/platform/db/schema";
import { useTranslation } from "~/utils/i18n";
import { formatRate } from "~/utils/rates";
import { TERM_FIELDS, termLabelKey } from "./contract-terms";
import type { ContractPageData } from "./types";

const PERIODS = ["D", "W", "H", "M"] as const;
const RATE_FIELDS = new Set(["rate", "profitRate", "lossRate"]);

/** What the agent typed before a failed post, so nothing has to be typed again. */
const entered = (result: SubmissionResult<string[]> | undefined, name: string) => {
  const value = result?.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
};

/**
 * "Offer a contract" (§4): one of the agent's direct downline agents and
 * the kind's terms (§3). Rates are typed in percent (two decimals) and may
 * not exceed the agent's own, which the form shows.
 */
export function OfferForm({
  kind,
  grantable,
  candidates,
  result,
}: {
  kind: ContractKind;
  grantable: number[];
  candidates: ContractPageData["candidates"];
  result?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const selectId = useId();
  const periodId = useId();
  const errors = result?.error ?? {};
  const maxOf = (field: string) => formatRate(field === "lossRate" ? (grantable[1] ?? 0) : (grantable[0] ?? 0));
  return (
    <section className="member-card" aria-labelledby="offer-title" data-testid="contract-offer">
      <h2 id="offer-title">{t("agentContracts.offer.title")}</h2>
      <p className="muted" data-testid="offer-max-rate">
        {t("agentContracts.offer.maxRate", { rates: grantable.map(formatRate).join(" / ") })}
      </p>
      {candidates.length === 0 ? (
        <p className="empty-state" data-testid="offer-no-downlines">
          {t("agentContracts.offer.noDownlines")}
        </p>
      ) : (
        <Form method="post" className="contract-offer-form" noValidate aria-labelledby="offer-title">
          <input type="hidden" name="intent" value="offer" />
          <div className="field">
            <label htmlFor={selectId}>{t("agentContracts.offer.downline")}</label>
            <select
              id={selectId}
              name="downlineId"
              defaultValue={entered(result, "downlineId") ?? ""}
              required
              aria-invalid={errors.downlineId ? true : undefined}
              aria-describedby={`${selectId}-error`}
            >
              <option value="">{t("agentContracts.offer.choose")}</option>
              {candidates.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.agentRate === null
                    ? candidate.account
                    : t("agentContracts.offer.candidate", { account: candidate.account, rate: formatRate(candidate.agentRate) })}
                </option>
              ))}
            </select>
            <div id={`${selectId}-error`} className="field-error" role={errors.downlineId ? "alert" : undefined}>
              {errors.downlineId?.[0] ?? ""}
            </div>
          </div>
          {kind === "DIVIDEND" ? (
            <div className="field">
              <label htmlFor={periodId}>{t("agentContracts.terms.period")}</label>
              <select
                id={periodId}
                name="period"
                defaultValue={entered(result, "period") ?? "W"}
                aria-invalid={errors.period ? true : undefined}
                aria-describedby={`${periodId}-error`}
              >
                {PERIODS.map((period) => (
                  <option key={period} value={period}>
                    {t(`agentContracts.period.${period}`)}
                  </option>
                ))}
              </select>
              <div id={`${periodId}-error`} className="field-error" role={errors.period ? "alert" : undefined}>
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
                defaultValue={entered(result, field)}
                errors={errors[field]}
                required={rate}
                hint={rate ? t("agentContracts.offer.rateHint", { max: maxOf(field) }) : t("agentContracts.offer.thresholdHint")}
              />
            );
          })}
          <FormErrors errors={errors[""]} />
          <div className="field">
            <button type="submit" className="button primary" data-testid="offer-submit">
              {t("agentContracts.offer.submit")}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
