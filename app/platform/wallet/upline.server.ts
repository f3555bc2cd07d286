import type { Database } from "../db/open.server";
import { isAgentType, type TypeSets } from "../identity/member-types";

/** The agent a member can transfer to, as the transfer page names them. */
export interface Upline {
  account: string;
  nickname: string | null;
}

/**
 * Transfer to the upline: the member's agent, when there is one that can receive
 * money (an active member of an agent type), the same test transferToUpline
 * applies; otherwise null.
 */
export async function findUpline(
  db: Database,
  memberId: string,
  sets: TypeSets,
): Promise<Upline | null> {
  const upline = await db
    .selectFrom("members as m")
    .innerJoin("members as up", "up.id", "m.parent_id")
    .select(["up.account", "up.nickname", "up.type", "up.status"])
    .where("m.id", "=", memberId)
    .executeTakeFirst();
  if (!upline || upline.status !== "active" || !isAgentType(upline.type, sets)) return null;
  return { account: upline.account, nickname: upline.nickname };
}
