import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import type { DepositStatus } from "./links";
import type { Currency } from "./types";

/** The outcome of one of the member's deposits, shown after the pay step or the gateway sends them back. */
export function DepositNote({
  note,
  currency,
}: {
  note: { status: DepositStatus; amount: string };
  currency: Currency;
}) {
  const { t, i18n } = useTranslation();
  const amount = formatMoney(note.amount, currency, i18n.language);
  const className = note.status === "failed" ? "form-errors" : "form-success";
  return (
    <p className={className} role="status" data-testid="deposit-note" data-status={note.status}>
      {t(`deposit.note.${note.status}`, { amount })}
    </p>
  );
}
