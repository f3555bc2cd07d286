import { Pager } from "~/components/ui/pager";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { channelName } from "./channel-name";
import { DEPOSIT_PATH } from "./links";
import type { Currency } from "./types";

export interface DepositRecord {
  id: string;
  channel: string;
  amount: string;
  status: string;
  created_at: string;
}

/** The member's deposits, newest first, paged with ?page= links (no JavaScript needed). */
export function DepositRecords({
  deposits,
  page,
  totalPages,
  currency,
  timeZone,
}: {
  deposits: DepositRecord[];
  page: number;
  totalPages: number;
  currency: Currency;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  if (deposits.length === 0) return <p className="empty-state">{t("deposit.empty")}</p>;
  return (
    <>
      <div className="table-scroll">
        <table className="data-table" data-testid="deposit-records">
          <thead>
            <tr>
              <th scope="col">{t("deposit.time")}</th>
              <th scope="col">{t("deposit.reference")}</th>
              <th scope="col">{t("deposit.channel")}</th>
              <th scope="col" className="amount">
                {t("deposit.amount")}
              </th>
              <th scope="col">{t("deposit.status.label")}</th>
            </tr>
          </thead>
          <tbody>
            {deposits.map((deposit) => (
              <tr key={deposit.id} data-testid={`deposit-${deposit.id}`}>
                <td>{formatTimestamp(deposit.created_at, timeZone)}</td>
                <td>{deposit.id}</td>
                <td>{channelName(t, deposit.channel)}</td>
                <td className="amount">{formatMoney(deposit.amount, currency, i18n.language)}</td>
                <td data-testid="deposit-status">
                  {t(`deposit.status.${deposit.status}`, { defaultValue: deposit.status })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        pageNum={page}
        totalPages={totalPages}
        pageHref={(target) => `${DEPOSIT_PATH}?page=${target}`}
      />
    </>
  );
}
