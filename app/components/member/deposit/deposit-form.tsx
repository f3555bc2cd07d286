import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useId, useState } from "react";
import { Field, FormErrors, formReply } from "~/components/forms/field";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { channelName } from "./channel-name";
import { DEPOSIT_PATH } from "./links";
import type { ChannelView, Currency } from "./types";

/**
 * Deposit: choose a channel (its limits beside it), type an amount, go
 * on to pay. A plain post that works without JavaScript; the hidden key makes
 * a double submit open one deposit. A failed try keeps the typed amount.
 */
export function DepositForm({
  channels,
  currency,
  formKey,
  result,
}: {
  channels: ChannelView[];
  currency: Currency;
  formKey: string;
  result?: SubmissionResult<string[]> | null;
}) {
  const { t, i18n } = useTranslation();
  const money = (minor: number) => formatMoney(minor, currency, i18n.language);
  const { errors, values: entered } = formReply(result);
  const [selected, setSelected] = useState(
    channels.find((channel) => channel.code === entered.channel)?.code ?? channels[0]?.code,
  );
  const legendId = useId();
  if (channels.length === 0) return <p className="empty-state">{t("deposit.noChannels")}</p>;
  const current = channels.find((channel) => channel.code === selected) ?? channels[0]!;
  return (
    <Form
      method="post"
      action={DEPOSIT_PATH}
      className="stack-form"
      noValidate
      data-testid="deposit-form"
    >
      <input type="hidden" name="idempotencyKey" value={formKey} />
      <fieldset role="radiogroup" aria-labelledby={legendId} className="deposit-channels">
        <legend id={legendId}>{t("deposit.channel")}</legend>
        {channels.map((channel) => (
          <label key={channel.code} className="checkbox">
            <input
              type="radio"
              name="channel"
              value={channel.code}
              checked={channel.code === current.code}
              onChange={() => setSelected(channel.code)}
            />
            <span>
              {channelName(t, channel.code)}{" "}
              <span className="muted">
                {t("deposit.limits", { min: money(channel.min), max: money(channel.max) })}
              </span>
            </span>
          </label>
        ))}
        <div className="field-error" role={errors.channel?.length ? "alert" : undefined}>
          {errors.channel?.[0] ?? ""}
        </div>
      </fieldset>
      <Field
        name="amount"
        label={t("deposit.amount")}
        inputMode="decimal"
        autoComplete="off"
        defaultValue={entered.amount ?? ""}
        hint={t("deposit.amountHint", { min: money(current.min), max: money(current.max) })}
        errors={errors.amount}
        required
      />
      <FormErrors errors={errors[""] ?? errors.idempotencyKey} />
      <button type="submit" className="button primary">
        {t("deposit.submit")}
      </button>
    </Form>
  );
}
