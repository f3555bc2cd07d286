import { sql } from "kysely";
import type { Database } from "../db/open.server";
import { PlatformError } from "../errors";
import { requireDirectDownline } from "./tree.server";
import { type MemberStatus, type TypeSets } from "../identity/member-types";
import { MAIN, memberKey, postEntry, type PostedEntry } from "../wallet/ledger.server";
import { recordPage, sumText, type Paging, type RecordPage } from "../wallet/records.server";

/**
 * Team management: the agent's downline with each member's main balance
 * and status, and money handed down one level. Everything starts from the
 * session's agent through agent_paths; a downline id from the client is only
 * ever looked up inside that tree.
 */

export const TEAM_LEVELS = ["direct", "all"] as const;
export type TeamLevel = (typeof TEAM_LEVELS)[number];

export interface TeamFilter extends Paging {
  /** Part of the account name (case-insensitive). */
  search?: string;
  /** Direct downlines only, or the whole tree below the agent. */
  level: TeamLevel;
}

export interface TeamRow {
  id: string;
  account: string;
  nickname: string | null;
  type: number;
  isAgent: boolean;
  /** Basis points; null for members. */
  agentRate: number | null;
  /** 1 = directly under the agent. */
  depth: number;
  status: MemberStatus;
  /** MAIN, minor units as a decimal string. */
  balance: string;
  createdAt: string;
  lastLoginAt: string | null;
  /** Members directly under this one. */
  directCount: number;
}

export interface TeamTotals {
  balance: string;
}

/** `like` pattern for "contains", with the user's % _ and \ taken literally. */
const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function teamQuery(db: Database, agentId: string, filter: Pick<TeamFilter, "search" | "level">) {
  let query = db
    .selectFrom("agent_paths as p")
    .innerJoin("members as m", "m.id", "p.descendant")
    .leftJoin("accounts as a", (join) =>
      join.onRef("a.member_id", "=", "m.id").on("a.kind", "=", MAIN),
    )
    .where("p.ancestor", "=", agentId)
    .where("p.depth", filter.level === "direct" ? "=" : ">", filter.level === "direct" ? 1 : 0);
  const search = filter.search?.trim();
  if (search)
    query = query.where(sql<boolean>`lower(m.account) like ${containsPattern(search)} escape '\\'`);
  return query;
}

export async function listTeam(
  db: Database,
  agentId: string,
  filter: TeamFilter,
  sets: TypeSets,
): Promise<RecordPage<TeamRow, TeamTotals>> {
  return recordPage(
    filter,
    () =>
      teamQuery(db, agentId, filter)
        .select((eb) => [
          eb.fn.countAll<string>().as("count"),
          sumText(sql`coalesce(a.balance, 0)`).as("balance"),
        ])
        .executeTakeFirstOrThrow(),
    async (limit, offset) => {
      const rows = await teamQuery(db, agentId, filter)
        .select([
          "m.id",
          "m.account",
          "m.nickname",
          "m.type",
          "m.agent_rate",
          "p.depth",
          "m.status",
          sql<string>`coalesce(a.balance, 0)::text`.as("balance"),
          "m.created_at",
          "m.last_login_at",
          sql<string>`(select count(*) from members c where c.parent_id = m.id)`.as("direct_count"),
        ])
        .orderBy("p.depth")
        .orderBy("m.created_at", "desc")
        .orderBy("m.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row) => ({
        id: String(row.id),
        account: row.account,
        nickname: row.nickname,
        type: row.type,
        isAgent: sets.agentTypes.includes(row.type),
        agentRate: row.agent_rate,
        depth: row.depth,
        status: row.status,
        balance: row.balance,
        createdAt: new Date(row.created_at).toISOString(),
        lastLoginAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
        directCount: Number(row.direct_count),
      }));
    },
  );
}

/**
 * Transfer to a downline's wallet: the agent's MAIN to a direct downline's
 * MAIN in one ledger entry. The form's key makes a doubled submit (or two at
 * once) one transfer; the ledger refuses to take the agent below zero.
 */
export async function transferToDownline(
  db: Database,
  input: { agentId: string; downlineId: string; amount: bigint; key: string },
): Promise<PostedEntry & { downlineId: string }> {
  const downline = await requireDirectDownline(db, input.agentId, input.downlineId);
  if (downline.status !== "active") throw new PlatformError("downline_disabled");
  const entry = await postEntry(db, {
    key: memberKey(input.agentId, "transfer-downline", input.key),
    kind: "transfer_downline",
    memberId: input.agentId,
    ref: `member:${downline.id}`,
    movements: [
      {
        from: { memberId: input.agentId, kind: MAIN },
        to: { memberId: downline.id, kind: MAIN },
        amount: input.amount,
      },
    ],
  });
  return { ...entry, downlineId: downline.id };
}

/** A transfer the agent made to a downline (for the confirmation after the redirect), or null. */
export async function findDownlineTransfer(db: Database, agentId: string, entryId: string) {
  if (!/^\d{1,18}$/.test(entryId)) return null;
  const row = await db
    .selectFrom("entries as e")
    .innerJoin("postings as po", "po.entry_id", "e.id")
    .innerJoin("accounts as ac", "ac.id", "po.account_id")
    .innerJoin("members as m", "m.id", "ac.member_id")
    .select(["e.id", "po.amount", "m.account"])
    .where("e.id", "=", entryId)
    .where("e.kind", "=", "transfer_downline")
    .where("e.member_id", "=", agentId)
    .where("po.amount", ">", "0")
    .executeTakeFirst();
  return row ? { id: String(row.id), amount: String(row.amount), account: row.account } : null;
}
