import { listTeam } from "../agency/team.server";
import type { Database } from "../db/open.server";
import { roleOf, type MemberStatus, type Role, type TypeSets } from "../identity/member-types";
import type { Paging } from "../wallet/records.server";

export interface PlayerAgent {
  id: string;
  account: string;
  role: Role;
  status: MemberStatus;
  /** 1 = the member's own agent, then each agent above it. */
  depth: number;
}

export interface PlayerDownline {
  id: string;
  account: string;
  role: Role;
  status: MemberStatus;
  createdAt: string;
}

export interface PlayerAgency {
  upline: PlayerAgent[];
  downline: { rows: PlayerDownline[]; total: number; page: number; pageCount: number };
}

/**
 * Where the account sits in the agent tree: every agent above it, its own
 * agent first and the top agent last, and a page of the accounts directly
 * under it (the agent centre's own team list, direct level) with how many
 * there are in all.
 */
export async function playerAgency(
  db: Database,
  memberId: string,
  paging: Paging,
  sets: TypeSets,
): Promise<PlayerAgency> {
  const [upline, team] = await Promise.all([
    db
      .selectFrom("agent_paths as p")
      .innerJoin("members as m", "m.id", "p.ancestor")
      .select(["m.id", "m.account", "m.type", "m.status", "p.depth"])
      .where("p.descendant", "=", memberId)
      .where("p.depth", ">", 0)
      .orderBy("p.depth")
      .execute(),
    listTeam(db, memberId, { ...paging, level: "direct" }, sets),
  ]);
  return {
    upline: upline.map((row) => ({
      id: String(row.id),
      account: row.account,
      role: roleOf(row.type, sets),
      status: row.status,
      depth: row.depth,
    })),
    downline: {
      total: team.total,
      page: team.page,
      pageCount: team.pageCount,
      rows: team.rows.map((row) => ({
        id: row.id,
        account: row.account,
        role: roleOf(row.type, sets),
        status: row.status,
        createdAt: row.createdAt,
      })),
    },
  };
}
