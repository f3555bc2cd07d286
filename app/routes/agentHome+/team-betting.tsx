import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccountFilter, ReportPage } from "~/components/agent/report-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  BetAmountCells,
  BetAmountHeads,
  BetGameCell,
  BetTotalsRow,
} from "~/components/member/records/bet-columns";
import { BetFilters } from "~/components/member/records/bet-filters";
import { RecordTable, TimeCell } from "~/components/member/records/record-table";
import { reportVendors, teamBetting } from "~/platform/agency/reports.server";
import { BET_STATUSES } from "~/platform/wallet/records.server";
import { vendorDisplayNames } from "~/platform/wallet/vendor-names.server";
import { agentContext, orNotFound } from "~/utils/agency.server";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { RECORDS_PAGE_SIZE, recordsView } from "~/utils/records.server";
import { teamBettingFilters } from "./__reports.server";

export const meta = titleMeta<typeof loader>();

/** /agentHome/team-betting: the downline's bets by days, account, category, vendor and status. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { agentId, db, brand, t } = await agentContext(request);
  const filters = teamBettingFilters(request, brand);
  const records = await orNotFound(
    teamBetting(db, agentId, { ...filters.query, page: filters.page, pageSize: RECORDS_PAGE_SIZE }),
  );
  const vendors = await reportVendors(db);
  return json({
    ...recordsView(brand, t("agentReports.teamBetting"), filters.range),
    vendors,
    vendorNames: await vendorDisplayNames(db, vendors),
    statuses: BET_STATUSES,
    filter: filters.form,
    records,
  });
}

export default function TeamBetting() {
  const { title, range, vendors, vendorNames, statuses, filter, records, currency, timeZone } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <ReportPage
      title={title}
      range={range}
      csvPath="/agentHome/team-betting.csv"
      memberId={filter.memberId}
      filters={
        <>
          <AccountFilter value={filter.account} />
          <BetFilters
            filter={filter}
            vendors={vendors}
            vendorNames={vendorNames}
            statuses={statuses}
          />
        </>
      }
    >
      <RecordTable
        records={records}
        head={
          <>
            <th scope="col">{t("records.columns.time")}</th>
            <th scope="col">{t("agentReports.columns.account")}</th>
            <th scope="col">{t("records.columns.game")}</th>
            <th scope="col">{t("records.columns.vendor")}</th>
            <BetAmountHeads />
          </>
        }
        foot={<BetTotalsRow totals={records.totals} currency={currency} leading={4} />}
      >
        {records.rows.map((row) => (
          <tr key={row.id}>
            <TimeCell iso={row.placedAt} timeZone={timeZone} />
            <td>{row.account}</td>
            <BetGameCell row={row} />
            <td>{vendorNames[row.vassalage] ?? row.vassalage}</td>
            <BetAmountCells row={row} currency={currency} />
          </tr>
        ))}
      </RecordTable>
    </ReportPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
