import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import type { WalletOption } from "./wallet-select";

export interface WalletBalance extends WalletOption {
  /** Minor units (bigint decimal string). */
  balance: string;
}

/**
 * The member's wallets with their balances and the total. With transfers on,
 * each vendor row links to the transfer form with the pair filled in: plain
 * links, so they work without JavaScript.
 */
export function WalletBalances({
  wallets,
  total,
  currency,
  shortcuts,
}: {
  wallets: WalletBalance[];
  total: string;
  currency: { symbol: string; minorUnits: number };
  shortcuts: boolean;
}) {
  const { t, i18n } = useTranslation();
  const money = (minor: string) => formatMoney(minor, currency, i18n.language);
  const pair = (from: string, to: string) => `?${new URLSearchParams({ from, to })}#transfer-form`;
  return (
    <section className="member-card" aria-labelledby="wallet-balances-title">
      <h2 id="wallet-balances-title">{t("transfer.balances")}</h2>
      <div className="table-scroll">
        <table className="data-table" data-testid="wallet-balances">
          <thead>
            <tr>
              <th scope="col">{t("transfer.wallet")}</th>
              <th scope="col" className="amount">
                {t("transfer.balance")}
              </th>
              {shortcuts ? <th scope="col">{t("transfer.actions")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {wallets.map((wallet) => (
              <tr key={wallet.code} data-testid={`wallet-${wallet.code}`}>
                <th scope="row">{wallet.name}</th>
                <td className="amount" data-testid={`wallet-balance-${wallet.code}`}>
                  {money(wallet.balance)}
                </td>
                {shortcuts ? (
                  <td>
                    {wallet.code === "MAIN" ? null : (
                      <span className="transfer-shortcuts">
                        <Link
                          to={pair("MAIN", wallet.code)}
                          aria-label={t("transfer.transferInTo", { wallet: wallet.name })}
                        >
                          {t("transfer.transferIn")}
                        </Link>{" "}
                        <Link
                          to={pair(wallet.code, "MAIN")}
                          aria-label={t("transfer.transferOutOf", { wallet: wallet.name })}
                        >
                          {t("transfer.transferOut")}
                        </Link>
                      </span>
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td>{t("transfer.total")}</td>
              <td className="amount" data-testid="wallet-total">
                {money(total)}
              </td>
              {shortcuts ? <td /> : null}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
