import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Field, FormErrors } from "~/components/forms/field";
import { useTranslation } from "~/utils/i18n";
import { SelectField } from "./select-field";
import {
  enteredText,
  providerName,
  WITHDRAW_PATH,
  type PayeeView,
  type ProviderView,
} from "./types";

/** "Habib Bank •••• 6789": the provider's name and the masked number. */
export const payeeName = (
  payee: Pick<PayeeView, "provider" | "maskedNumber">,
  providers: ProviderView[],
) => `${providerName(payee.provider, providers)} ${payee.maskedNumber}`;

/** The member's payee accounts (masked numbers only), each with a remove button, and the add form. */
export function PayeeAccounts({
  payees,
  providers,
  maxPayees,
  result,
}: {
  payees: PayeeView[];
  providers: ProviderView[];
  maxPayees: number;
  result?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const errors = result?.error ?? {};
  const text = enteredText(result);
  return (
    <section className="member-card" aria-labelledby="payees-title" data-testid="payee-accounts">
      <h2 id="payees-title">{t("withdraw.payeesTitle")}</h2>
      {payees.length === 0 ? (
        <p className="empty-state">{t("withdraw.noPayees")}</p>
      ) : (
        <ul className="payee-list">
          {payees.map((payee) => (
            <li key={payee.id} data-testid="payee">
              <span>
                {payeeName(payee, providers)} <span className="muted">{payee.holderName}</span>
              </span>
              <Form method="post" action={WITHDRAW_PATH}>
                <input type="hidden" name="intent" value="remove-payee" />
                <input type="hidden" name="payeeId" value={payee.id} />
                <button
                  type="submit"
                  className="button"
                  aria-label={t("withdraw.removePayeeLabel", {
                    payee: payeeName(payee, providers),
                  })}
                >
                  {t("withdraw.removePayee")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {payees.length >= maxPayees ? (
        <p className="muted">{t("withdraw.payeeLimit", { max: maxPayees })}</p>
      ) : (
        <Form
          method="post"
          action={WITHDRAW_PATH}
          className="stack-form"
          noValidate
          data-testid="add-payee-form"
        >
          <input type="hidden" name="intent" value="add-payee" />
          <SelectField
            name="provider"
            label={t("withdraw.provider")}
            defaultValue={text("provider")}
            errors={errors.provider}
            required
          >
            <option value="">{t("withdraw.chooseProvider")}</option>
            {providers.map((provider) => (
              <option key={provider.code} value={provider.code}>
                {provider.name}
              </option>
            ))}
          </SelectField>
          <Field
            name="holderName"
            label={t("withdraw.holderName")}
            maxLength={64}
            autoComplete="name"
            defaultValue={text("holderName")}
            errors={errors.holderName}
            required
          />
          <Field
            name="accountNumber"
            label={t("withdraw.accountNumber")}
            inputMode="numeric"
            autoComplete="off"
            maxLength={24}
            hint={t("withdraw.accountNumberHint")}
            defaultValue={text("accountNumber")}
            errors={errors.accountNumber}
            required
          />
          {/* Money can leave through a payee: adding one asks for the withdraw password. */}
          <Field
            name="withdrawPassword"
            type="password"
            label={t("withdraw.withdrawPassword")}
            autoComplete="off"
            errors={errors.withdrawPassword}
            required
          />
          <FormErrors errors={errors[""]} />
          <button type="submit" className="button">
            {t("withdraw.addPayee")}
          </button>
        </Form>
      )}
    </section>
  );
}
