import type { ReactNode } from "react";
import { useTranslation } from "~/utils/i18n";
import { entryLabel, walletLabel } from "./entry-label";
import { FilterSelect } from "./filter-select";
import { MoneyCell, RecordTable, TimeCell } from "./record-table";

type Currency = { symbol: string; minorUnits: number };

/** A movement on a wallet, as a transaction list shows it (money as minor units in decimal strings). */
export interface TransactionLine {
  id: string;
  createdAt: string;
  kind: string;
  /** What the entry was for, when whoever posted it named it. */
  title: string | null;
  /** Where a bonus came from when not a promotion (`rebate`, `vip_upgrade`). */
  source: string | null;
  /** "MAIN" or a vendor wallet's vassalage. */
  wallet: string;
  amount: string;
  balanceAfter: string;
}

/** A column a list adds between the time and the type (the agent's member account). */
export interface LineColumn<Line> {
  head: ReactNode;
  cell: (line: Line) => ReactNode;
}

const TOTALS = ["in", "out", "net"] as const;

/**
 * A transaction list (the member's transaction history, the agent's account
 * details): time, any `columns` of the caller, type, wallet, amount and the
 * balance after, with money in, out and net over the whole filter below.
 */
export function TransactionTable<Line extends TransactionLine>({
  records,
  currency,
  timeZone,
  columns = [],
  titles = false,
}: {
  records: {
    rows: Line[];
    totals: Record<(typeof TOTALS)[number], string>;
    total: number;
    page: number;
    pageCount: number;
  };
  currency: Currency;
  timeZone: string;
  columns?: LineColumn<Line>[];
  /** Show each entry's title after its type. */
  titles?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <RecordTable
      records={records}
      head={
        <>
          <th scope="col">{t("records.columns.time")}</th>
          {columns.map((column, index) => (
            <th key={index} scope="col">
              {column.head}
            </th>
          ))}
          <th scope="col">{t("records.columns.type")}</th>
          <th scope="col">{t("records.columns.wallet")}</th>
          <th scope="col" className="amount">
            {t("records.columns.amount")}
          </th>
          <th scope="col" className="amount">
            {t("records.columns.balanceAfter")}
          </th>
        </>
      }
      foot={TOTALS.map((key) => (
        <tr key={key}>
          <th scope="row" colSpan={3 + columns.length}>
            {t(`records.totals.${key}`)}
          </th>
          <MoneyCell
            minor={records.totals[key]}
            currency={currency}
            signed={key === "net"}
            testId={`total-${key}`}
          />
          <td />
        </tr>
      ))}
    >
      {records.rows.map((row) => (
        <tr key={row.id}>
          <TimeCell iso={row.createdAt} timeZone={timeZone} />
          {columns.map((column, index) => (
            <td key={index}>{column.cell(row)}</td>
          ))}
          <td>
            {entryLabel(t, row)}
            {titles && row.title ? <span className="muted"> {row.title}</span> : null}
          </td>
          <td>{walletLabel(t, row.wallet)}</td>
          <MoneyCell minor={row.amount} currency={currency} signed />
          <MoneyCell minor={row.balanceAfter} currency={currency} />
        </tr>
      ))}
    </RecordTable>
  );
}

/** A transaction list's type filter (deposit, withdrawal, transfer, game, bonus). */
export function TransactionTypeFilter({
  value,
  types,
}: {
  value: string;
  types: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <FilterSelect
      name="type"
      label={t("records.filter.type")}
      value={value}
      allLabel={t("records.filter.all")}
      options={types.map((type) => ({ value: type, label: t(`records.types.${type}`) }))}
    />
  );
}
