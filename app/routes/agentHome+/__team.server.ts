import * as z from "zod/v4";
import { TEAM_LEVELS, type TeamLevel } from "~/platform/agency/team.server";
import { pageParam } from "~/utils/pagination";
import { optionalChoice } from "~/utils/records.server";

/**
 * The filters of /agentHome/team, read the same way by the page and its CSV
 * export (same query string, same rows). A GET an agent may type or bookmark:
 * a value that makes no sense is no filter, never a 400.
 */

export const TEAM_PAGE_SIZE = 20;

const teamFilters = z.object({
  search: z.string().trim().max(32).optional().catch(undefined),
  level: optionalChoice(TEAM_LEVELS),
  page: z
    .string()
    .optional()
    .catch(undefined)
    .transform((page) => pageParam(page ?? null)),
});

export function readTeamFilters(request: Request): {
  search: string;
  level: TeamLevel;
  page: number;
} {
  const parsed = teamFilters.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { search: parsed.search ?? "", level: parsed.level ?? "all", page: parsed.page };
}
