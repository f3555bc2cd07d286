import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { proofHref, type Currency, type WithdrawalView } from "./types";

type Details = Pick<
  WithdrawalView,
  "amount" | "status" | "reject_reason" | "received_amount" | "receipt" | "proof_ids"
> & {
  auto_receive_at?: string | null;
  receipt_note?: string | null;
};

/**
 * What a withdrawal's row says beyond its state, for the member and the
 * operator alike: the reject reason, when a paid one counts as received, the
 * amount received and the remaining amount, how it was closed, the member's
 * note (operators) and links to the proof images.
 */
export function WithdrawalDetails({
  withdrawal,
  currency,
  timeZone,
}: {
  withdrawal: Details;
  currency: Currency;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const money = (minor: string | bigint) => formatMoney(minor, currency, i18n.language);
  const received = withdrawal.received_amount;
  return (
    <>
      {withdrawal.status === "rejected" && withdrawal.reject_reason ? (
        <div data-testid="reject-reason">
          {t("withdraw.rejectReason", { reason: withdrawal.reject_reason })}
        </div>
      ) : null}
      {withdrawal.status === "paid" && withdrawal.auto_receive_at ? (
        <div className="muted">
          {t("withdraw.autoReceive", {
            time: formatTimestamp(withdrawal.auto_receive_at, timeZone),
          })}
        </div>
      ) : null}
      {received !== null && received !== withdrawal.amount ? (
        <div>
          {t("withdraw.receivedAmountShown", { amount: money(received) })} ·{" "}
          {t("withdraw.remainingShown", {
            amount: money(BigInt(withdrawal.amount) - BigInt(received)),
          })}
        </div>
      ) : null}
      {withdrawal.receipt ? (
        <div className="muted">{t(`withdraw.receiptKind.${withdrawal.receipt}`)}</div>
      ) : null}
      {withdrawal.receipt_note ? (
        <div>{t("ops.queue.memberNote", { note: withdrawal.receipt_note })}</div>
      ) : null}
      {withdrawal.proof_ids.map((proofId, index) => (
        <a
          key={proofId}
          href={proofHref(proofId)}
          target="_blank"
          rel="noreferrer"
          className="proof-link"
        >
          {t("withdraw.proofLink", { n: index + 1 })}
        </a>
      ))}
    </>
  );
}
