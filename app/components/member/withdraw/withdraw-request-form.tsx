import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { CheckboxField, Field, FormErrors } from "~/components/forms/field";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { payeeName } from "./payee-accounts";
import { SelectField } from "./select-field";
import {
  enteredText,
  WITHDRAW_PATH,
  type Currency,
  type PayeeView,
  type ProviderView,
} from "./types";

/** The member's bonuses still being wagered (ADR 15): their total and what a withdrawal does to them. */
export interface UnfinishedBonusView {
  amount: string;
  rule: "forfeit" | "refuse";
}

/**
 * Withdrawal request: payee, amount (the brand's limits and the MAIN
 * balance beside it) and the withdraw password, which never comes back into
 * the form. The hidden key makes a double submit one withdrawal. With a bonus
 * still being wagered the form says so first, and (unless its rule refuses
 * withdrawals) asks the member to tick that it may be forfeited.
 */
export function WithdrawRequestForm({
  hasWithdrawPassword,
  payees,
  providers,
  limits,
  currency,
  formKey,
  bonuses,
  result,
  action = WITHDRAW_PATH,
  setupHelp,
}: {
  hasWithdrawPassword: boolean;
  payees: PayeeView[];
  providers: ProviderView[];
  limits: { min: number; max: number; dailyCount: number };
  currency: Currency;
  formKey: string;
  bonuses: UnfinishedBonusView | null;
  result?: SubmissionResult<string[]>;
  /** Where the form posts: the withdraw page, or the cash-out page (ADR 49). */
  action?: string;
  /** Said instead of the links to set a withdraw password or add a payee, where those pages are out of reach. */
  setupHelp?: string;
}) {
  const { t, i18n } = useTranslation();
  const money = (minor: number | string) => formatMoney(minor, currency, i18n.language);
  const errors = result?.error ?? {};
  const text = enteredText(result);
  return (
    <section className="member-card" aria-labelledby="withdraw-request-title">
      <h2 id="withdraw-request-title">{t("withdraw.requestTitle")}</h2>
      <p className="muted">
        {t("withdraw.limits", {
          min: money(limits.min),
          max: money(limits.max),
          count: limits.dailyCount,
        })}
      </p>
      {bonuses ? <BonusWarning bonuses={bonuses} money={money} /> : null}
      {setupHelp && (!hasWithdrawPassword || payees.length === 0) ? (
        <p data-testid="withdraw-setup-help">{setupHelp}</p>
      ) : !hasWithdrawPassword ? (
        <p data-testid="withdraw-password-needed">
          {t("withdraw.needPassword")}{" "}
          <Link to="/member/security#withdraw-password">{t("withdraw.setPassword")}</Link>
        </p>
      ) : payees.length === 0 ? (
        <p className="empty-state">{t("withdraw.needPayee")}</p>
      ) : (
        <Form
          method="post"
          action={action}
          className="stack-form"
          noValidate
          data-testid="withdraw-form"
        >
          <input type="hidden" name="intent" value="request" />
          <input type="hidden" name="idempotencyKey" value={formKey} />
          <SelectField
            name="payeeAccountId"
            label={t("withdraw.payee")}
            defaultValue={text("payeeAccountId") || (payees.length === 1 ? payees[0]!.id : "")}
            errors={errors.payeeAccountId}
            required
          >
            {payees.length > 1 ? <option value="">{t("withdraw.chooseProvider")}</option> : null}
            {payees.map((payee) => (
              <option key={payee.id} value={payee.id}>
                {payeeName(payee, providers)}
              </option>
            ))}
          </SelectField>
          <Field
            name="amount"
            label={t("withdraw.amount")}
            inputMode="decimal"
            autoComplete="off"
            defaultValue={text("amount")}
            errors={errors.amount}
            required
          />
          <Field
            name="withdrawPassword"
            type="password"
            label={t("withdraw.withdrawPassword")}
            autoComplete="off"
            errors={errors.withdrawPassword}
            required
          />
          {bonuses?.rule === "forfeit" ? (
            // The confirmation a withdrawal needs to forfeit the unfinished bonuses.
            <CheckboxField
              name="forfeitBonuses"
              label={t("withdraw.bonus.forfeit")}
              defaultChecked={text("forfeitBonuses") === "on"}
              errors={errors.forfeitBonuses}
            />
          ) : null}
          <FormErrors errors={errors[""] ?? errors.idempotencyKey} />
          <button type="submit" className="button primary">
            {t("withdraw.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}

function BonusWarning({
  bonuses,
  money,
}: {
  bonuses: UnfinishedBonusView;
  money: (minor: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <div className="form-warning" role="note" data-testid="withdraw-bonus-warning">
      <p>{t("withdraw.bonus.wagering", { amount: money(bonuses.amount) })}</p>
      <p>
        {bonuses.rule === "refuse"
          ? t("rewards.error.bonus_wagering_unfinished")
          : t("withdraw.bonus.forfeitNote")}
      </p>
    </div>
  );
}
