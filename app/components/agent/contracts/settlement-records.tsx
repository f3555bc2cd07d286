import { useLocation } from "@remix-run/react";
import { useId } from "react";
import { Field } from "~/components/forms/field";
import { DateRangeFilter } from "~/components/member/records/date-range-filter";
import { MoneyCell, RecordTable } from "~/components/member/records/record-table";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import type { ContractPageData } from "./types";

/**
 * The settlement records of the kind: the agent's own or its team's,
 * by period start in the window, with totals, paging and a CSV export of
 * the same filter (a plain download link, works without JS).
 */
export function SettlementRecords({ data }: { data: ContractPageData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const scopeId = useId();
  const { records, currency, timeZone, filter, range, path } = data;
  return (
    <section
      className="records-page"
      aria-labelledby="settlements-title"
      data-testid="settlement-records"
    >
      <h2 id="settlements-title">{t("agentContracts.records.title")}</h2>
      <DateRangeFilter range={range}>
        <div className="field">
          <label htmlFor={scopeId}>{t("agentContracts.records.scope")}</label>
          <select id={scopeId} name="scope" defaultValue={filter.scope}>
            <option value="mine">{t("agentContracts.records.scopeMine")}</option>
            <option value="team">{t("agentContracts.records.scopeTeam")}</option>
          </select>
          <div className="field-error" />
        </div>
        <Field
          name="account"
          label={t("agentContracts.records.account")}
          defaultValue={filter.account}
          autoComplete="off"
        />
      </DateRangeFilter>
      <p>
        <a
          className="button"
          href={`${path}.csv${location.search}`}
          download
          data-testid="settlements-csv"
        >
          {t("agentContracts.records.export")}
        </a>
      </p>
      <RecordTable
        records={records}
        head={
          <>
            <th scope="col">{t("agentContracts.records.period")}</th>
            <th scope="col">{t("agentContracts.records.account")}</th>
            <th scope="col" className="amount">
              {t("agentContracts.records.validBet")}
            </th>
            <th scope="col" className="amount">
              {t("agentContracts.records.profitLoss")}
            </th>
            <th scope="col" className="amount">
              {t("agentContracts.records.activeMembers")}
            </th>
            <th scope="col" className="amount">
              {t("agentContracts.records.base")}
            </th>
            <th scope="col" className="amount">
              {t("agentContracts.records.amount")}
            </th>
            <th scope="col">{t("agentContracts.records.paid")}</th>
          </>
        }
        foot={
          <tr>
            <th scope="row" colSpan={2}>
              {t("agentContracts.records.total")}
            </th>
            <MoneyCell
              minor={records.totals.validBet}
              currency={currency}
              testId="total-validBet"
            />
            <MoneyCell
              minor={records.totals.profitLoss}
              currency={currency}
              signed
              testId="total-profitLoss"
            />
            <td />
            <MoneyCell minor={records.totals.base} currency={currency} testId="total-base" />
            <MoneyCell minor={records.totals.amount} currency={currency} testId="total-amount" />
            <td />
          </tr>
        }
      >
        {records.rows.map((row) => (
          <tr key={row.id}>
            <td>
              <time dateTime={row.windowStart}>{formatTimestamp(row.windowStart, timeZone)}</time>
              {" – "}
              <time dateTime={row.windowEnd}>{formatTimestamp(row.windowEnd, timeZone)}</time>
            </td>
            <td>{row.account}</td>
            <MoneyCell minor={row.validBet} currency={currency} />
            <MoneyCell minor={row.profitLoss} currency={currency} signed />
            <td className="amount">{row.activeMembers}</td>
            <MoneyCell minor={row.base} currency={currency} />
            <MoneyCell minor={row.amount} currency={currency} />
            <td>
              {row.entryId ? (
                t("agentContracts.records.paidEntry", { id: row.entryId })
              ) : (
                <span className="muted">{t("agentContracts.records.notPaid")}</span>
              )}
            </td>
          </tr>
        ))}
      </RecordTable>
    </section>
  );
}
