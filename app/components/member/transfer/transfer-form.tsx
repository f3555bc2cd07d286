import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { AmountField } from "./amount-field";
import { FormKeyInput } from "./form-key-input";
import { WalletSelect, type WalletOption } from "./wallet-select";
import { FormErrors } from "../../forms/field";

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/**
 * Wallet transfer (the platform's GCS_walletTransfer): from one wallet to another (main ↔ a vendor wallet).
 * A failed try comes back with the member's choices and amount; errors
 * belong to the field they are about (insufficient balance → amount).
 */
export function TransferForm({
  wallets,
  formKey,
  result,
  prefill,
}: {
  wallets: WalletOption[];
  formKey: string;
  result?: SubmissionResult<string[]> | null;
  /** The pair a balance row's shortcut asked for. */
  prefill: { from?: string; to?: string };
}) {
  const { t } = useTranslation();
  const errors = result?.error ?? {};
  const entered = result?.initialValue ?? {};
  const from = text(entered.from) ?? prefill.from ?? "MAIN";
  const to = text(entered.to) ?? prefill.to ?? wallets.find((wallet) => wallet.code !== from)?.code;
  return (
    <section className="member-card" aria-labelledby="transfer-form-title" id="transfer-form">
      <h2 id="transfer-form-title">{t("transfer.formTitle")}</h2>
      <Form method="post" className="stack-form" noValidate data-testid="transfer-form">
        <input type="hidden" name="intent" value="transfer" />
        <FormKeyInput formKey={formKey} />
        <div className="filters">
          <WalletSelect
            label={t("transfer.from")}
            name="from"
            wallets={wallets}
            defaultValue={from}
            errors={errors.from}
          />
          <WalletSelect
            label={t("transfer.to")}
            name="to"
            wallets={wallets}
            defaultValue={to}
            errors={errors.to}
          />
        </div>
        <AmountField label={t("transfer.amount")} entered={entered.amount} errors={errors.amount} />
        <FormErrors errors={errors[""]} />
        <button type="submit" className="button primary">
          {t("transfer.submit")}
        </button>
      </Form>
    </section>
  );
}
