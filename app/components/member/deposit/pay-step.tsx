import { Form } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { channelName } from "./channel-name";
import { payStepHref } from "./links";
import type { Currency } from "./types";

/**
 * The embedded channel's pay step: it stands in for a gateway's page. A
 * plain post; confirming twice credits once (the platform keys the credit
 * by the deposit).
 */
export function PayStep({
  deposit,
  currency,
}: {
  deposit: { id: string; channel: string; amount: string };
  currency: Currency;
}) {
  const { t, i18n } = useTranslation();
  return (
    <section className="member-card" aria-labelledby="pay-title" data-testid="pay-step">
      <h1 id="pay-title">{t("deposit.pay.title")}</h1>
      <p className="muted">{t("deposit.pay.intro")}</p>
      {/* Only a demo or development start accepts the embedded channel: say so to whoever tries it. */}
      <p className="form-note" data-testid="pay-demo-note">
        {t("deposit.pay.demoNote")}
      </p>
      <dl className="pay-summary">
        <dt>{t("deposit.amount")}</dt>
        <dd data-testid="pay-amount">{formatMoney(deposit.amount, currency, i18n.language)}</dd>
        <dt>{t("deposit.channel")}</dt>
        <dd>{channelName(t, deposit.channel)}</dd>
        <dt>{t("deposit.reference")}</dt>
        <dd data-testid="pay-reference">{deposit.id}</dd>
      </dl>
      {/* One form, the button says what to do: `intent` is confirm or cancel. */}
      <Form method="post" action={payStepHref(deposit.id)} className="filters">
        <button type="submit" name="intent" value="confirm" className="button primary">
          {t("deposit.pay.confirm")}
        </button>
        <button type="submit" name="intent" value="cancel" className="button">
          {t("deposit.pay.cancel")}
        </button>
      </Form>
    </section>
  );
}
