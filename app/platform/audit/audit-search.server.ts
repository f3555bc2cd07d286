import type { AuditEvent } from "./audit.server";
import type { Database } from "../db/open.server";

/** What /ops/audit narrows the trail to: a window of time, and optionally who, what and whom. */
export interface AuditSearch {
  /** From this instant (included) to `to` (excluded). */
  from: Date;
  to: Date;
  /** The staff member who acted, by account. */
  staff?: string | null;
  event?: AuditEvent | null;
  /** The member concerned (the target of a staff act, or the member who acted), by account. */
  member?: string | null;
}

/** One entry as the back office reads it. */
export interface AuditEntry {
  id: string;
  at: string;
  event: string;
  staffAccount: string | null;
  staffRole: string | null;
  memberId: string | null;
  memberAccount: string | null;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  detail: Record<string, unknown>;
  /** Its place in the chain, once sealed (null until the next seal). */
  chainSeq: string | null;
}

/**
 * The entries that match, newest first, a page at a time, and how many match.
 * An account that names nobody matches nothing (rather than being ignored).
 */
export async function searchAuditLog(
  db: Database,
  search: AuditSearch,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditEntry[]; total: number }> {
  const idOf = async (account: string | null | undefined) => {
    if (!account) return undefined;
    const row = await db
      .selectFrom("members")
      .select("id")
      .where("account", "=", account)
      .executeTakeFirst();
    return row?.id ?? null;
  };
  const [staffId, memberId] = await Promise.all([idOf(search.staff), idOf(search.member)]);
  if (staffId === null) return { rows: [], total: 0 };

  let query = db
    .selectFrom("audit_log")
    .where("audit_log.at", ">=", search.from)
    .where("audit_log.at", "<", search.to);
  if (staffId) query = query.where("audit_log.staff_id", "=", staffId);
  if (search.event) query = query.where("audit_log.event", "=", search.event);
  if (search.member) {
    const account = search.member;
    // A sign-in refused before the account was known carries only the account typed.
    query = query.where((eb) =>
      memberId
        ? eb.or([eb("audit_log.member_id", "=", memberId), eb("audit_log.account", "=", account)])
        : eb("audit_log.account", "=", account),
    );
  }

  const [rows, count] = await Promise.all([
    query
      .leftJoin("members as staff", "staff.id", "audit_log.staff_id")
      .leftJoin("members as member", "member.id", "audit_log.member_id")
      .select([
        "audit_log.id",
        "audit_log.at",
        "audit_log.event",
        "staff.account as staffAccount",
        "audit_log.staff_role as staffRole",
        "audit_log.member_id as memberId",
        "member.account as memberAccount",
        "audit_log.account",
        "audit_log.target_type as targetType",
        "audit_log.target_id as targetId",
        "audit_log.ip",
        "audit_log.user_agent as userAgent",
        "audit_log.request_id as requestId",
        "audit_log.before",
        "audit_log.after",
        "audit_log.detail",
        "audit_log.chain_seq as chainSeq",
      ])
      .orderBy("audit_log.at", "desc")
      .orderBy("audit_log.id", "desc")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map(({ account, at, ...row }) => ({
      ...row,
      at: at.toISOString(),
      memberAccount: row.memberAccount ?? account,
    })),
  };
}
