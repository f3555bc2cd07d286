import type { ReactNode } from "react";
import { useTranslation } from "~/utils/i18n";
import { BetAmountCells, BetAmountHeads, BetGameCell, BetTotalsRow } from "./bet-columns";
import { RecordTable, TimeCell } from "./record-table";

type Currency = { symbol: string; minorUnits: number };

/** What a member's bet list shows of a bet (the platform's BetRow, as JSON). */
export interface BetRecordRow {
  id: string;
  placedAt: string;
  vassalage: string;
  category: string;
  gameName: string;
  roundId: string;
  stake: string;
  validBet: string;
  payout: string;
  winLoss: string | null;
  status: "open" | "settled" | "void";
}

/**
 * One member's bets (the member's betting record, the player page's bets
 * tab): time, vendor, game, round and the money columns, with the filter's
 * totals. `round` renders the round cell's content: its id, or more.
 */
export function BetRecordTable<Row extends BetRecordRow>({
  records,
  vendorNames,
  currency,
  timeZone,
  round = (row) => row.roundId,
}: {
  records: {
    rows: Row[];
    totals: { stake: string; validBet: string; payout: string; winLoss: string };
    total: number;
    page: number;
    pageCount: number;
  };
  vendorNames: Record<string, string>;
  currency: Currency;
  timeZone: string;
  round?: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <RecordTable
      records={records}
      head={
        <>
          <th scope="col">{t("records.columns.time")}</th>
          <th scope="col">{t("records.columns.vendor")}</th>
          <th scope="col">{t("records.columns.game")}</th>
          <th scope="col">{t("records.columns.round")}</th>
          <BetAmountHeads />
        </>
      }
      foot={<BetTotalsRow totals={records.totals} currency={currency} leading={4} />}
    >
      {records.rows.map((row) => (
        <tr key={row.id} data-testid="bet-record" data-bet-id={row.id}>
          <TimeCell iso={row.placedAt} timeZone={timeZone} />
          <td>{vendorNames[row.vassalage] ?? row.vassalage}</td>
          <BetGameCell row={row} />
          <td>{round(row)}</td>
          <BetAmountCells row={row} currency={currency} />
        </tr>
      ))}
    </RecordTable>
  );
}
