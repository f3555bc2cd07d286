import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useId } from "react";
import { enteredValue, FormErrors } from "~/components/forms/field";
import type { ContractKind } from "~/platform/db/schema";
import { useTranslation } from "~/utils/i18n";
import { formatRate } from "~/utils/rates";
import { ContractTermFields } from "./term-fields";
import type { ContractPageData } from "./types";

/**
 * "Offer a contract": one of the agent's direct downline agents and
 * the kind's terms. Rates are typed in percent (two decimals) and may
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
  const errors = result?.error ?? {};
  const maxOf = (field: string) =>
    formatRate(field === "lossRate" ? (grantable[1] ?? 0) : (grantable[0] ?? 0));
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
        <Form
          method="post"
          className="contract-offer-form"
          noValidate
          aria-labelledby="offer-title"
        >
          <input type="hidden" name="intent" value="offer" />
          <div className="field">
            <label htmlFor={selectId}>{t("agentContracts.offer.downline")}</label>
            <select
              id={selectId}
              name="downlineId"
              defaultValue={enteredValue(result, "downlineId") ?? ""}
              required
              aria-invalid={errors.downlineId ? true : undefined}
              aria-describedby={`${selectId}-error`}
            >
              <option value="">{t("agentContracts.offer.choose")}</option>
              {candidates.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.agentRate === null
                    ? candidate.account
                    : t("agentContracts.offer.candidate", {
                        account: candidate.account,
                        rate: formatRate(candidate.agentRate),
                      })}
                </option>
              ))}
            </select>
            <div
              id={`${selectId}-error`}
              className="field-error"
              role={errors.downlineId ? "alert" : undefined}
            >
              {errors.downlineId?.[0] ?? ""}
            </div>
          </div>
          <ContractTermFields
            kind={kind}
            result={result}
            rateHint={(field) => t("agentContracts.offer.rateHint", { max: maxOf(field) })}
          />
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
