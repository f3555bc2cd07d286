import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrors } from "~/components/forms/field";
import { AmountField } from "~/components/member/transfer/amount-field";
import { FormKeyInput } from "~/components/member/transfer/form-key-input";
import { Dialog } from "~/components/ui/dialog";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";

/**
 * Transfer to a downline's wallet, as URL state (?transfer=<id>) so it
 * opens and closes without JavaScript. The downline id travels in the form,
 * and the server looks it up inside the agent's first level again.
 */
export function TeamTransferDialog({
  target,
  balance,
  currency,
  formKey,
  result,
  closeHref,
}: {
  target: { id: string; name: string; balance: string; disabled: boolean };
  balance: string;
  currency: { symbol: string; minorUnits: number };
  formKey: string;
  result?: SubmissionResult<string[]>;
  closeHref: string;
}) {
  const { t, i18n } = useTranslation();
  const errors = result?.error ?? {};
  const money = (minor: string) => formatMoney(BigInt(minor), currency, i18n.language);
  return (
    <Dialog
      title={t("agentTeam.transfer.title", { account: target.name })}
      close={{ href: closeHref }}
      testId="team-transfer-dialog"
    >
      <dl className="transfer-facts">
        <dt>{t("agentTeam.transfer.yourBalance")}</dt>
        <dd data-testid="transfer-my-balance">{money(balance)}</dd>
        <dt>{t("agentTeam.transfer.theirBalance")}</dt>
        <dd data-testid="transfer-their-balance">{money(target.balance)}</dd>
      </dl>
      {target.disabled ? (
        <p className="form-errors" role="alert">
          {t("agentTeam.error.downline_disabled")}
        </p>
      ) : (
        <Form
          method="post"
          className="stack-form"
          noValidate
          preventScrollReset
          data-testid="team-transfer-form"
        >
          <input type="hidden" name="intent" value="transfer-downline" />
          <input type="hidden" name="downlineId" value={target.id} />
          <FormKeyInput formKey={formKey} />
          <AmountField
            label={t("agentTeam.transfer.amount")}
            entered={result?.initialValue?.amount}
            errors={errors.amount}
          />
          <FormErrors errors={errors[""]} />
          <button type="submit" className="button primary">
            {t("agentTeam.transfer.submit")}
          </button>
        </Form>
      )}
    </Dialog>
  );
}
