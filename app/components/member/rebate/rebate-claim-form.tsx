import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrors } from "~/components/forms/field";
import { FormKeyInput } from "~/components/member/transfer/form-key-input";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import type { RebateQuoteView } from "./rebate-table";

/**
 * The claim: the form's key (a double submit pays once) and the cut-off the
 * page counted up to (the claim pays what the page showed). The button stays
 * enabled: the platform is the one that says "too soon" or "below the minimum".
 */
export function RebateClaimForm({
  formKey,
  quote,
  currency,
  timeZone,
  result,
}: {
  formKey: string;
  quote: RebateQuoteView;
  currency: { symbol: string; minorUnits: number };
  timeZone: string;
  result?: SubmissionResult<string[]> | null;
}) {
  const { t, i18n } = useTranslation();
  const money = (minor: string) => formatMoney(minor, currency, i18n.language);
  return (
    <section className="member-card" aria-labelledby="rebate-claim-title">
      <h2 id="rebate-claim-title" className="visually-hidden">
        {t("rebate.title")}
      </h2>
      <Form method="post" className="stack-form" data-testid="rebate-claim-form">
        <FormKeyInput formKey={formKey} />
        <input type="hidden" name="cutOff" value={quote.cutOff} />
        <p className="muted">{t("rebate.minimum", { amount: money(quote.minimum) })}</p>
        {quote.nextClaimAt ? (
          <p className="muted" data-testid="rebate-next">
            {t("rebate.nextClaimAt", { time: formatTimestamp(quote.nextClaimAt, timeZone) })}
          </p>
        ) : null}
        <FormErrors errors={result?.error?.[""]} />
        <button type="submit" className="button primary" data-testid="rebate-claim">
          {t("rebate.claim", { amount: money(quote.amount) })}
        </button>
      </Form>
    </section>
  );
}
