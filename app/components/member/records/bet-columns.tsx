import { useTranslation } from "~/utils/i18n";
import { MoneyCell } from "./record-table";

type Currency = { symbol: string; minorUnits: number };

/** A bet list's sums over the whole filter (minor units as decimal strings). */
interface BetTotals {
  stake: string;
  validBet: string;
  payout: string;
  winLoss: string;
}

/** A bet's money and status; win/loss is null until it is settled. */
interface BetAmounts extends Omit<BetTotals, "winLoss"> {
  winLoss: string | null;
  status: "open" | "settled" | "void";
}

/**
 * The money and status columns every bet list shares (the member's betting
 * record, the agent's team betting): stake, valid bet, payout, win/loss and
 * status, as head cells, a totals row's cells and a bet's cells.
 */
export function BetAmountHeads() {
  const { t } = useTranslation();
  return (
    <>
      <th scope="col" className="amount">
        {t("records.columns.stake")}
      </th>
      <th scope="col" className="amount">
        {t("records.columns.validBet")}
      </th>
      <th scope="col" className="amount">
        {t("records.columns.payout")}
      </th>
      <th scope="col" className="amount">
        {t("records.columns.winLoss")}
      </th>
      <th scope="col">{t("records.columns.status")}</th>
    </>
  );
}

/** A totals row: `leading` columns of label, then the sums over the whole filter. */
export function BetTotalsRow({
  totals,
  currency,
  leading,
}: {
  totals: BetTotals;
  currency: Currency;
  leading: number;
}) {
  const { t } = useTranslation();
  return (
    <tr>
      <th scope="row" colSpan={leading}>
        {t("records.totals.total")}
      </th>
      <MoneyCell minor={totals.stake} currency={currency} testId="total-stake" />
      <MoneyCell minor={totals.validBet} currency={currency} testId="total-validBet" />
      <MoneyCell minor={totals.payout} currency={currency} testId="total-payout" />
      <MoneyCell minor={totals.winLoss} currency={currency} signed testId="total-winLoss" />
      <td />
    </tr>
  );
}

export function BetAmountCells({ row, currency }: { row: BetAmounts; currency: Currency }) {
  const { t } = useTranslation();
  return (
    <>
      <MoneyCell minor={row.stake} currency={currency} />
      <MoneyCell minor={row.validBet} currency={currency} />
      <MoneyCell minor={row.payout} currency={currency} />
      {row.winLoss === null ? (
        <td className="amount muted">–</td>
      ) : (
        <MoneyCell minor={row.winLoss} currency={currency} signed />
      )}
      <td>{t(`records.betStatus.${row.status}`)}</td>
    </>
  );
}

/** A bet's game: its name and, muted, its category. */
export function BetGameCell({ row }: { row: { gameName: string; category: string } }) {
  const { t } = useTranslation();
  return (
    <td>
      {row.gameName}{" "}
      <span className="muted">{t(`category.${row.category}`, { defaultValue: row.category })}</span>
    </td>
  );
}
