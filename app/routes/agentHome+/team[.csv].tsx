import type { LoaderFunctionArgs } from "@remix-run/node";
import { listTeam } from "~/platform/agency/team.server";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { agentContext } from "~/utils/agency.server";
import { CSV_ROW_LIMIT, csvMoney, csvResponse } from "~/utils/csv.server";
import { rateToInput } from "~/utils/rates";
import { readTeamFilters } from "./__team.server";

/** /agentHome/team.csv: the team list under the page's filters (same query string, same scoping), every page at once. */
async function loadResource({ request }: LoaderFunctionArgs) {
  const { db, agentId, brand, t } = await agentContext(request);
  const { search, level } = readTeamFilters(request);
  const team = await listTeam(
    db,
    agentId,
    { search, level, page: 1, pageSize: CSV_ROW_LIMIT },
    brand,
  );
  const header = [
    t("agentTeam.columns.account"),
    t("agentTeam.columns.nickname"),
    t("agentTeam.columns.type"),
    t("agentTeam.columns.rate"),
    t("agentTeam.columns.level"),
    t("agentTeam.columns.status"),
    t("agentTeam.columns.balance"),
    t("agentTeam.columns.downlines"),
    t("agentTeam.columns.registeredAt"),
    t("agentTeam.columns.lastLogin"),
  ];
  const rows = team.rows.map((row) => [
    row.account,
    row.nickname,
    t(row.isAgent ? "agentTeam.team.typeAgent" : "agentTeam.team.typeMember"),
    row.agentRate === null ? null : rateToInput(row.agentRate),
    row.depth,
    t(row.status === "active" ? "agentTeam.team.statusActive" : "agentTeam.team.statusDisabled"),
    csvMoney(row.balance, brand.currency.minorUnits),
    row.directCount,
    formatTimestamp(row.createdAt, brand.timeZone),
    row.lastLoginAt ? formatTimestamp(row.lastLoginAt, brand.timeZone) : null,
  ]);
  return csvResponse(`team-${level}.csv`, header, rows);
}

export const loader = withResourceHeaders(loadResource);
