import { sql } from "kysely";
import type { Database } from "../db/open.server";
import type { Member } from "../db/schema";
import { PlatformError } from "../errors";

/**
 * The agent tree (agent_paths, kept by a trigger on members). Every
 * agent query starts from the session's agent and goes through this table,
 * so an id the client sends is only ever looked up inside that agent's
 * downline; a foreign id and a missing one are the same `not_found`.
 */

/** Who in the agent's downline a query covers: all of it (any depth), narrowed by these. */
export interface TeamScope {
  /** One downline member by account (exact, case-insensitive); a foreign or unknown account matches nothing. */
  account?: string;
  /** One downline member by id; a foreign or unknown id matches nothing (reports check it first: `checkScope`). */
  memberId?: string;
  /** Direct downlines (depth 1) only. */
  direct?: boolean;
}

/**
 * `<column> in (the agent's downline)`, for `.where(…)` on any table with a
 * member column, e.g. `inDownline(agentId, "bets.member_id")`.
 */
export function inDownline(agentId: string, column: string, scope: TeamScope = {}) {
  return sql<boolean>`${sql.ref(column)} in ${downlineIds(agentId, scope)}`;
}

/**
 * The ids of the agent's downline under the scope, as a parenthesised
 * sub-select for raw SQL (`column in ${downlineIds(…)}`). The account is
 * looked up by the members_account index and then kept only if it sits under
 * the agent, so an account elsewhere in the brand is simply no row: a report
 * is empty, exactly as for a typo.
 */
export function downlineIds(agentId: string, scope: TeamScope = {}) {
  const conditions = [sql`p.ancestor = ${agentId}`, sql`p.depth > 0`];
  if (scope.direct) conditions.push(sql`p.depth = 1`);
  if (scope.memberId) conditions.push(sql`p.descendant = ${scope.memberId}`);
  if (scope.account)
    conditions.push(
      sql`p.descendant = (select id from members where lower(account) = lower(${scope.account}))`,
    );
  return sql`(select p.descendant from agent_paths p where ${sql.join(conditions, sql` and `)})`;
}

/** A member of the agent's downline (any depth), or `not_found`. */
export async function requireDownline(
  db: Database,
  agentId: string,
  memberId: string,
): Promise<Member & { depth: number }> {
  if (!/^\d{1,18}$/.test(memberId)) throw new PlatformError("not_found");
  const member = await db
    .selectFrom("agent_paths as p")
    .innerJoin("members as m", "m.id", "p.descendant")
    .selectAll("m")
    .select("p.depth")
    .where("p.ancestor", "=", agentId)
    .where("p.descendant", "=", memberId)
    .where("p.depth", ">", 0)
    .executeTakeFirst();
  if (!member) throw new PlatformError("not_found");
  return member;
}

/** A direct downline (depth 1) of the agent, or `not_found`: contracts and transfers go one level down only. */
export async function requireDirectDownline(db: Database, agentId: string, memberId: string) {
  const member = await requireDownline(db, agentId, memberId);
  if (member.depth !== 1) throw new PlatformError("not_found");
  return member;
}

/** How many members the agent's downline holds (all depths). */
export async function teamSize(db: Database, agentId: string): Promise<number> {
  const row = await db
    .selectFrom("agent_paths")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("ancestor", "=", agentId)
    .where("depth", ">", 0)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
