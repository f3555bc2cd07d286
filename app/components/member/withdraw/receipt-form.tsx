import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useId, useState } from "react";
import { Field, FormErrors } from "~/components/forms/field";
import { useTranslation } from "~/utils/i18n";
import { formatMoney, parseMoneyInput } from "~/utils/money";
import { enteredText, WITHDRAW_PATH, type Currency, type WithdrawalView } from "./types";

/** The paid amount less what the member typed; null while the typed text is no amount in range. */
function remainingOf(amount: string, typed: string, minorUnits: number): bigint | null {
  const received = typed.trim() === "" ? 0n : parseMoneyInput(typed, minorUnits);
  if (received === null || received > BigInt(amount)) return null;
  return BigInt(amount) - received;
}

/**
 * The member's confirmation of a paid withdrawal: received in full, or not
 * (fully or partly) with the amount that arrived — the remaining amount
 * follows it as it is typed — a note and up to 3 proof images (png or
 * jpg, 5 MB each). A multipart post that works without JavaScript.
 */
export function ReceiptForm({
  withdrawal,
  currency,
  result,
}: {
  withdrawal: Pick<WithdrawalView, "id" | "amount">;
  currency: Currency;
  result?: SubmissionResult<string[]>;
}) {
  const { t, i18n } = useTranslation();
  const money = (minor: string | bigint) => formatMoney(minor, currency, i18n.language);
  const errors = result?.error ?? {};
  const text = enteredText(result);
  const [typed, setTyped] = useState(text("receivedAmount"));
  const [outcome, setOutcome] = useState(text("outcome"));
  const remaining =
    outcome === "full" ? 0n : remainingOf(withdrawal.amount, typed, currency.minorUnits);
  const titleId = useId();
  const outcomeError = errors.outcome?.[0];
  return (
    <section
      className="member-card"
      aria-labelledby={titleId}
      id={`receipt-${withdrawal.id}`}
      data-testid={`receipt-${withdrawal.id}`}
    >
      <h3 id={titleId}>{t("withdraw.receipt.title", { id: withdrawal.id })}</h3>
      <p>{t("withdraw.receipt.paidAmount", { amount: money(withdrawal.amount) })}</p>
      <Form
        method="post"
        action={WITHDRAW_PATH}
        encType="multipart/form-data"
        className="stack-form"
        noValidate
      >
        {/* Before the files: the server knows the withdrawal even when it stops reading at a too-large file. */}
        <input type="hidden" name="intent" value="confirm-receipt" />
        <input type="hidden" name="withdrawalId" value={withdrawal.id} />
        <fieldset aria-describedby={`${titleId}-outcome-error`}>
          <legend>{t("withdraw.receipt.outcome")}</legend>
          {(["full", "partial"] as const).map((choice) => (
            <label key={choice} className="checkbox">
              <input
                type="radio"
                name="outcome"
                value={choice}
                defaultChecked={text("outcome") === choice}
                onChange={() => setOutcome(choice)}
                required
              />
              {t(`withdraw.receipt.${choice}`)}
            </label>
          ))}
          <div
            id={`${titleId}-outcome-error`}
            className="field-error"
            role={outcomeError ? "alert" : undefined}
          >
            {outcomeError ?? ""}
          </div>
        </fieldset>
        <Field
          name="receivedAmount"
          label={t("withdraw.receipt.receivedAmount")}
          inputMode="decimal"
          autoComplete="off"
          defaultValue={text("receivedAmount")}
          onChange={(event) => setTyped(event.currentTarget.value)}
          hint={t("withdraw.receipt.receivedAmountHint", { max: money(withdrawal.amount) })}
          errors={errors.receivedAmount}
        />
        <p className="receipt-remaining">
          <span>{t("withdraw.receipt.remaining")}</span>{" "}
          <output data-testid="remaining-amount" aria-live="polite">
            {remaining === null ? "—" : money(remaining)}
          </output>
        </p>
        <Field
          name="note"
          label={t("withdraw.receipt.note")}
          maxLength={140}
          autoComplete="off"
          hint={t("withdraw.receipt.noteHint")}
          defaultValue={text("note")}
          errors={errors.note}
        />
        <Field
          name="proofs"
          type="file"
          accept="image/png,image/jpeg"
          multiple
          label={t("withdraw.receipt.proofs")}
          hint={t("withdraw.receipt.proofsHint")}
          errors={errors.proofs}
        />
        <FormErrors errors={errors[""]} />
        <button type="submit" className="button primary">
          {t("withdraw.receipt.submit")}
        </button>
      </Form>
    </section>
  );
}
