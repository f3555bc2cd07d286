import { roleOf, type Role, type TypeSets } from "./member-types";
import type { Database } from "../db/open.server";
import type { Member } from "../db/schema";

export async function findMemberByAccount(
  db: Database,
  account: string,
): Promise<Member | undefined> {
  return db
    .selectFrom("members")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["account"]), "=", account.trim().toLowerCase()))
    .executeTakeFirst();
}

export async function findMemberByMobile(
  db: Database,
  dialingCode: string,
  mobile: string,
): Promise<Member | undefined> {
  return db
    .selectFrom("members")
    .selectAll()
    .where("dialing_code", "=", dialingCode)
    .where("mobile", "=", mobile)
    .executeTakeFirst();
}

export async function findMemberById(db: Database, id: string): Promise<Member | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  return db.selectFrom("members").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The agent an affiliate (invitation) code belongs to; codes are case-insensitive. */
export async function findAgentByAffiliateCode(
  db: Database,
  code: string,
  sets: TypeSets,
): Promise<Member | undefined> {
  const member = await db
    .selectFrom("members")
    .selectAll()
    .where((eb) => eb(eb.fn("upper", ["affiliate_code"]), "=", code.trim().toUpperCase()))
    .where("status", "=", "active")
    .executeTakeFirst();
  return member && roleOf(member.type, sets) === "agent" ? member : undefined;
}

/** Member info as the header and guards need it; never the hashes. */
export interface MemberInfo {
  id: string;
  account: string;
  nickname: string | null;
  type: number;
  role: Role;
  isAgent: boolean;
  isTrial: boolean;
  hasVip: boolean;
  vipRankLevel: number;
  demoCredit: string;
  /** The member's agent (upline), if any: transferUpline needs one. */
  parentId: string | null;
}

export function memberInfo(member: Member, sets: TypeSets): MemberInfo {
  const role = roleOf(member.type, sets);
  return {
    id: member.id,
    account: member.account,
    nickname: member.nickname,
    type: member.type,
    role,
    isAgent: role === "agent",
    isTrial: role === "trial",
    hasVip: member.vip_level > 0,
    vipRankLevel: member.vip_level,
    demoCredit: member.demo_credit,
    parentId: member.parent_id,
  };
}
