import { DateRangeFilter } from "~/components/member/records/date-range-filter";
import {
  TransactionTable,
  type TransactionLine,
} from "~/components/member/records/transaction-table";
import { useTranslation } from "~/utils/i18n";

/** A posting of the player's ledger, as JSON: the member's own history line and its entry. */
export interface PlayerLedgerLine extends TransactionLine {
  entryId: string;
  reference: string | null;
}

/** Every movement on the member's wallets in the window, with the balance after each and its entry. */
export function LedgerPanel({
  range,
  ledger,
  currency,
  timeZone,
}: {
  range: { from: string; to: string; today: string };
  ledger: {
    rows: PlayerLedgerLine[];
    totals: { in: string; out: string; net: string };
    total: number;
    page: number;
    pageCount: number;
  };
  currency: { symbol: string; minorUnits: number };
  timeZone: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h2>{t("opsPlayers.tabs.ledger")}</h2>
      <DateRangeFilter range={range}>
        <input type="hidden" name="tab" value="ledger" />
      </DateRangeFilter>
      <TransactionTable
        records={ledger}
        currency={currency}
        timeZone={timeZone}
        titles
        columns={[
          {
            head: t("opsPlayers.ledger.entry"),
            cell: (line) => (
              <span dir="ltr">
                {line.entryId}
                {line.reference ? (
                  <>
                    <br />
                    <span className="muted">{line.reference}</span>
                  </>
                ) : null}
              </span>
            ),
          },
        ]}
      />
    </>
  );
}
