import type { LoaderFunctionArgs } from "@remix-run/node";
import { teamBetting } from "~/platform/agency/reports.server";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { agentContext, orNotFound } from "~/utils/agency.server";
import { csvMoney, csvResponse, CSV_ROW_LIMIT } from "~/utils/csv.server";
import { csvFileName, teamBettingFilters } from "./__reports.server";

/** /agentHome/team-betting.csv: the team betting page's rows under the same filters, every page of them. */
async function loadResource({ request }: LoaderFunctionArgs) {
  const { agentId, db, brand, t } = await agentContext(request);
  const filters = teamBettingFilters(request, brand);
  const records = await orNotFound(
    teamBetting(db, agentId, { ...filters.query, page: 1, pageSize: CSV_ROW_LIMIT }),
  );
  const money = (minor: string) => csvMoney(minor, brand.currency.minorUnits);
  return csvResponse(
    csvFileName("team-betting", filters.range),
    [
      t("records.columns.time"),
      t("agentReports.columns.account"),
      t("records.columns.game"),
      t("records.columns.vendor"),
      t("records.columns.stake"),
      t("records.columns.validBet"),
      t("records.columns.payout"),
      t("records.columns.winLoss"),
      t("records.columns.status"),
    ],
    records.rows.map((row) => [
      formatTimestamp(row.placedAt, brand.timeZone),
      row.account,
      row.gameName,
      row.vassalage,
      money(row.stake),
      money(row.validBet),
      money(row.payout),
      row.winLoss === null ? "" : money(row.winLoss),
      t(`records.betStatus.${row.status}`),
    ]),
  );
}

export const loader = withResourceHeaders(loadResource);
