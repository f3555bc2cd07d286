import { providerName, type ProviderView } from "~/components/member/withdraw/types";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";

type Currency = { symbol: string; minorUnits: number };

/** The payments tab's data, as JSON (the platform's PlayerPayments). */
export interface PlayerPaymentsView {
  deposits: {
    total: number;
    rows: {
      id: string;
      channel: string;
      amount: string;
      status: string;
      failureReason: string | null;
      createdAt: string;
      settledAt: string | null;
    }[];
  };
  withdrawals: {
    total: number;
    rows: {
      id: string;
      amount: string;
      status: string;
      payee: { provider: string; holderName: string; maskedNumber: string };
      rejectReason: string | null;
      createdAt: string;
      decidedBy: string | null;
      decidedAt: string | null;
      paidBy: string | null;
      paidAt: string | null;
    }[];
  };
  payees: {
    id: string;
    provider: string;
    holderName: string;
    maskedNumber: string;
    createdAt: string;
    removedAt: string | null;
  }[];
}

/** Money in and out: the latest deposits and withdrawals (who approved, who paid) and every payee. */
export function PaymentsPanel({
  payments,
  shown,
  providers,
  currency,
  timeZone,
}: {
  payments: PlayerPaymentsView;
  shown: number;
  providers: ProviderView[];
  currency: Currency;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const money = (amount: string) => formatMoney(amount, currency, i18n.language);
  const when = (at: string | null) => (at ? formatTimestamp(at, timeZone) : "—");
  const count = (total: number) =>
    t("opsPlayers.payments.count", { count: total, shown: Math.min(total, shown) });
  const { deposits, withdrawals, payees } = payments;
  return (
    <>
      <h2>{t("opsPlayers.payments.deposits")}</h2>
      <p className="muted" data-testid="ops-player-deposits-count">
        {count(deposits.total)}
      </p>
      {deposits.rows.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table" data-testid="ops-player-deposits">
            <thead>
              <tr>
                <th scope="col">{t("withdraw.id")}</th>
                <th scope="col">{t("deposit.time")}</th>
                <th scope="col">{t("deposit.channel")}</th>
                <th scope="col" className="amount">
                  {t("deposit.amount")}
                </th>
                <th scope="col">{t("deposit.status.label")}</th>
                <th scope="col">{t("opsPlayers.payments.settled")}</th>
              </tr>
            </thead>
            <tbody>
              {deposits.rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.id}</td>
                  <td>{when(row.createdAt)}</td>
                  <td>{t(`deposit.channels.${row.channel}`, { defaultValue: row.channel })}</td>
                  <td className="amount">{money(row.amount)}</td>
                  <td>
                    {t(`deposit.status.${row.status}`, { defaultValue: row.status })}
                    {row.failureReason ? <div className="muted">{row.failureReason}</div> : null}
                  </td>
                  <td>{when(row.settledAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <h2>{t("opsPlayers.payments.withdrawals")}</h2>
      <p className="muted" data-testid="ops-player-withdrawals-count">
        {count(withdrawals.total)}
      </p>
      {withdrawals.rows.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table" data-testid="ops-player-withdrawals">
            <thead>
              <tr>
                <th scope="col">{t("withdraw.id")}</th>
                <th scope="col">{t("withdraw.time")}</th>
                <th scope="col">{t("withdraw.payee")}</th>
                <th scope="col" className="amount">
                  {t("withdraw.amount")}
                </th>
                <th scope="col">{t("withdraw.statusLabel")}</th>
                <th scope="col">{t("opsPlayers.payments.approvedBy")}</th>
                <th scope="col">{t("opsPlayers.payments.paidBy")}</th>
              </tr>
            </thead>
            <tbody>
              {withdrawals.rows.map((row) => (
                <tr key={row.id} data-testid="ops-player-withdrawal">
                  <td>{row.id}</td>
                  <td>{when(row.createdAt)}</td>
                  <td>
                    {providerName(row.payee.provider, providers)}{" "}
                    <span className="masked-number">{row.payee.maskedNumber}</span>
                    <div className="muted">{row.payee.holderName}</div>
                  </td>
                  <td className="amount">{money(row.amount)}</td>
                  <td>
                    {t(`withdraw.status.${row.status}`, { defaultValue: row.status })}
                    {row.rejectReason ? <div className="muted">{row.rejectReason}</div> : null}
                  </td>
                  <td data-testid="ops-player-approved-by">
                    {row.decidedBy ?? "—"}
                    {row.decidedAt ? <div className="muted">{when(row.decidedAt)}</div> : null}
                  </td>
                  <td data-testid="ops-player-paid-by">
                    {row.paidBy ?? "—"}
                    {row.paidAt ? <div className="muted">{when(row.paidAt)}</div> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <h2>{t("withdraw.payeesTitle")}</h2>
      {payees.length === 0 ? (
        <p className="empty-state">{t("withdraw.noPayees")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-testid="ops-player-payees">
            <thead>
              <tr>
                <th scope="col">{t("withdraw.provider")}</th>
                <th scope="col">{t("withdraw.holderName")}</th>
                <th scope="col">{t("withdraw.accountNumber")}</th>
                <th scope="col">{t("opsPlayers.payments.added")}</th>
                <th scope="col">{t("opsPlayers.payments.removed")}</th>
              </tr>
            </thead>
            <tbody>
              {payees.map((payee) => (
                <tr key={payee.id}>
                  <td>{providerName(payee.provider, providers)}</td>
                  <td dir="auto">{payee.holderName}</td>
                  <td className="masked-number">{payee.maskedNumber}</td>
                  <td>{when(payee.createdAt)}</td>
                  <td>{when(payee.removedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
