import { Pager } from "~/components/ui/pager";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import {
  providerName,
  WITHDRAW_PATH,
  type Currency,
  type ProviderView,
  type WithdrawalView,
} from "./types";
import { WithdrawalDetails } from "./withdrawal-details";

/** The member's withdrawals, newest first, paged with ?page= links; a paid one links to its receipt form. */
export function WithdrawalList({
  withdrawals,
  providers,
  currency,
  timeZone,
  page,
  totalPages,
}: {
  withdrawals: WithdrawalView[];
  providers: ProviderView[];
  currency: Currency;
  timeZone: string;
  page: number;
  totalPages: number;
}) {
  const { t, i18n } = useTranslation();
  if (withdrawals.length === 0) return <p className="empty-state">{t("withdraw.noWithdrawals")}</p>;
  return (
    <>
      <div className="table-scroll">
        <table className="data-table" data-testid="withdrawal-list">
          <thead>
            <tr>
              <th scope="col">{t("withdraw.time")}</th>
              <th scope="col">{t("withdraw.id")}</th>
              <th scope="col">{t("withdraw.payee")}</th>
              <th scope="col" className="amount">
                {t("withdraw.amount")}
              </th>
              <th scope="col">{t("withdraw.statusLabel")}</th>
              <th scope="col">{t("withdraw.details")}</th>
            </tr>
          </thead>
          <tbody>
            {withdrawals.map((withdrawal) => (
              <tr key={withdrawal.id} data-testid={`withdrawal-${withdrawal.id}`}>
                <td>{formatTimestamp(withdrawal.created_at, timeZone)}</td>
                <td>{withdrawal.id}</td>
                <td>
                  {providerName(withdrawal.provider, providers)}{" "}
                  <span className="masked-number">{withdrawal.masked_number}</span>
                </td>
                <td className="amount">
                  {formatMoney(withdrawal.amount, currency, i18n.language)}
                </td>
                <td data-testid="withdrawal-status">
                  {withdrawal.status === "paid" ? (
                    <a href={`#receipt-${withdrawal.id}`}>{t("withdraw.status.paid")}</a>
                  ) : (
                    t(`withdraw.status.${withdrawal.status}`, { defaultValue: withdrawal.status })
                  )}
                </td>
                <td>
                  <WithdrawalDetails
                    withdrawal={withdrawal}
                    currency={currency}
                    timeZone={timeZone}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        pageNum={page}
        totalPages={totalPages}
        pageHref={(target) => `${WITHDRAW_PATH}?page=${target}`}
      />
    </>
  );
}
