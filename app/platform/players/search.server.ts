import { sql } from "kysely";
import { normaliseTag } from "./staff-notes";
import { blindIndex } from "../db/at-rest.server";
import type { Database } from "../db/open.server";
import { OPERATOR_TYPE, type MemberStatus } from "../identity/member-types";

/** What a search text matched on a player. */
export const PLAYER_MATCHES = [
  "id",
  "account",
  "nickname",
  "mobile",
  "email",
  "payee",
  "ip",
  "affiliate",
  "tag",
] as const;
export type PlayerMatchField = (typeof PLAYER_MATCHES)[number];

/** A player the search found, and why. */
export interface PlayerMatch {
  id: string;
  account: string;
  nickname: string | null;
  type: number;
  status: MemberStatus;
  mobile: string | null;
  email: string | null;
  registeredAt: string;
  lastLoginAt: string | null;
  matchedBy: PlayerMatchField[];
}

export const PLAYER_SEARCH_LIMIT = 50;

/** `%` and `_` taken literally in a LIKE pattern. */
const literal = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
const IP = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]+)$/i;

/**
 * Members and agents (not staff) whose id, account (exact or its start),
 * nickname (any part), mobile (with or without its dialing code), e-mail,
 * payee account number, IP (at registration or of a session) or affiliate
 * or referral code is `text`, or who carry the tag `text` (as a tag is
 * written: "High risk" finds `high_risk`); each with what it matched, the best known
 * first, at most PLAYER_SEARCH_LIMIT.
 */
export async function searchPlayers(db: Database, text: string): Promise<PlayerMatch[]> {
  const q = text.trim();
  if (q.length < 2 && !/^\d$/.test(q)) return [];
  const digits = q.replace(/[\s()+-]/g, "");
  const tag = normaliseTag(q);
  const players = db
    .selectFrom("members")
    .select("members.id")
    .where("members.type", "<>", OPERATOR_TYPE);
  const ids = (query: typeof players | undefined) =>
    query ? query.limit(PLAYER_SEARCH_LIMIT).execute() : Promise.resolve([]);
  const found: Record<PlayerMatchField, Promise<{ id: string }[]>> = {
    id: ids(/^\d{1,18}$/.test(q) ? players.where("members.id", "=", q) : undefined),
    account: ids(
      players.where(sql<boolean>`lower(members.account) like ${`${literal(q.toLowerCase())}%`}`),
    ),
    nickname: ids(players.where("members.nickname", "ilike", `%${literal(q)}%`)),
    mobile: ids(
      /^\d{6,20}$/.test(digits)
        ? players.where((eb) =>
            eb.or([
              eb("members.mobile", "=", digits),
              eb(sql`coalesce(members.dialing_code, '') || members.mobile`, "=", digits),
            ]),
          )
        : undefined,
    ),
    email: ids(
      q.includes("@")
        ? players.where(sql<boolean>`lower(members.email) = ${q.toLowerCase()}`)
        : undefined,
    ),
    payee: ids(
      players.where((eb) =>
        eb.exists(
          eb
            .selectFrom("payee_accounts")
            .select("payee_accounts.id")
            .whereRef("payee_accounts.member_id", "=", "members.id")
            .where("payee_accounts.account_number_index", "=", blindIndex(q)),
        ),
      ),
    ),
    ip: ids(
      IP.test(q)
        ? players.where((eb) =>
            eb.or([
              eb("members.register_ip", "=", q),
              eb.exists(
                eb
                  .selectFrom("sessions")
                  .select("sessions.id")
                  .whereRef("sessions.member_id", "=", "members.id")
                  .where("sessions.ip", "=", q),
              ),
            ]),
          )
        : undefined,
    ),
    affiliate: ids(
      players.where((eb) =>
        eb.or([
          eb(sql`upper(members.affiliate_code)`, "=", q.toUpperCase()),
          eb(sql`upper(members.referral_code)`, "=", q.toUpperCase()),
        ]),
      ),
    ),
    tag: ids(
      tag
        ? players.where((eb) =>
            eb.exists(
              eb
                .selectFrom("player_tags")
                .select("player_tags.tag")
                .whereRef("player_tags.member_id", "=", "members.id")
                .where("player_tags.tag", "=", tag),
            ),
          )
        : undefined,
    ),
  };
  const reasons = new Map<string, PlayerMatchField[]>();
  for (const field of PLAYER_MATCHES)
    for (const { id } of await found[field]) reasons.set(id, [...(reasons.get(id) ?? []), field]);
  if (reasons.size === 0) return [];
  const rows = await db
    .selectFrom("members")
    .select([
      "id",
      "account",
      "nickname",
      "type",
      "status",
      "mobile",
      "email",
      "created_at",
      "last_login_at",
    ])
    .where("id", "in", [...reasons.keys()])
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      account: row.account,
      nickname: row.nickname,
      type: row.type,
      status: row.status,
      mobile: row.mobile,
      email: row.email,
      registeredAt: new Date(row.created_at).toISOString(),
      lastLoginAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
      matchedBy: reasons.get(row.id)!,
    }))
    .sort(
      (a, b) =>
        PLAYER_MATCHES.indexOf(a.matchedBy[0]!) - PLAYER_MATCHES.indexOf(b.matchedBy[0]!) ||
        a.account.localeCompare(b.account),
    )
    .slice(0, PLAYER_SEARCH_LIMIT);
}
