import type { Database } from "../db/open.server";
import { hasAuthenticator } from "../identity/authenticator.server";
import { staffResetPending } from "../identity/forced-change";
import { OPERATOR_TYPE, type MemberStatus } from "../identity/member-types";
import { ageCheckState, type AgeCheckState } from "../protection/age.server";
import { runningBreaks } from "../protection/breaks.server";

/** The player page's profile panel: who the member is, how far verified, where it stands. */
export interface PlayerProfile {
  id: string;
  account: string;
  nickname: string | null;
  type: number;
  status: MemberStatus;
  /** Why and since when staff suspended it, with staff's note; null unless suspended. */
  suspension: { reason: string; note: string | null; since: string | null } | null;
  /** A closed account (ADR 53): why, since when, and whether its money is held for compliance. */
  closure: {
    reason: string;
    note: string | null;
    since: string | null;
    fundsHeld: boolean;
  } | null;
  /** Since when staff's request for a new password waits; null when none waits. */
  passwordResetRequiredSince: string | null;
  vipLevel: number;
  dialingCode: string | null;
  mobile: string | null;
  email: string | null;
  birthday: string | null;
  affiliateCode: string | null;
  referralCode: string | null;
  registerIp: string | null;
  registeredAt: string;
  lastLoginAt: string | null;
  upline: { id: string; account: string } | null;
  downlines: number;
  authenticator: boolean;
  ageCheck: AgeCheckState;
  runningBreak: { kind: "time_out" | "exclusion"; endsAt: string } | null;
}

/** A member or agent by id, as the player page shows it; null for none, or for staff. */
export async function loadPlayer(db: Database, memberId: string): Promise<PlayerProfile | null> {
  if (!/^\d{1,18}$/.test(memberId)) return null;
  const row = await db
    .selectFrom("members")
    .leftJoin("members as upline", "upline.id", "members.parent_id")
    .select([
      "members.id",
      "members.account",
      "members.nickname",
      "members.type",
      "members.status",
      "members.status_reason",
      "members.status_note",
      "members.status_changed_at",
      "members.funds_held_at",
      "members.password_changed_at",
      "members.password_reset_required_at",
      "members.vip_level",
      "members.dialing_code",
      "members.mobile",
      "members.email",
      "members.profile",
      "members.affiliate_code",
      "members.referral_code",
      "members.register_ip",
      "members.created_at",
      "members.last_login_at",
      "upline.id as upline_id",
      "upline.account as upline_account",
    ])
    .select((eb) =>
      eb
        .selectFrom("members as downline")
        .select(eb.fn.countAll<string>().as("n"))
        .whereRef("downline.parent_id", "=", "members.id")
        .as("downlines"),
    )
    .where("members.id", "=", memberId)
    .where("members.type", "<>", OPERATOR_TYPE)
    .executeTakeFirst();
  if (!row) return null;
  const [authenticator, ageCheck, breaks] = await Promise.all([
    hasAuthenticator(db, row.id),
    ageCheckState(db, row.id),
    runningBreaks(db, [row.id]),
  ]);
  return {
    id: row.id,
    account: row.account,
    nickname: row.nickname,
    type: row.type,
    status: row.status,
    suspension:
      row.status === "suspended"
        ? {
            reason: row.status_reason ?? "",
            note: row.status_note,
            since: row.status_changed_at ? new Date(row.status_changed_at).toISOString() : null,
          }
        : null,
    closure:
      row.status === "closed"
        ? {
            reason: row.status_reason ?? "",
            note: row.status_note,
            since: row.status_changed_at ? new Date(row.status_changed_at).toISOString() : null,
            fundsHeld: row.funds_held_at !== null,
          }
        : null,
    passwordResetRequiredSince:
      row.password_reset_required_at &&
      staffResetPending(new Date(row.password_changed_at), row.password_reset_required_at)
        ? new Date(row.password_reset_required_at).toISOString()
        : null,
    vipLevel: row.vip_level,
    dialingCode: row.dialing_code,
    mobile: row.mobile,
    email: row.email,
    birthday: row.profile?.birthday ?? null,
    affiliateCode: row.affiliate_code,
    referralCode: row.referral_code,
    registerIp: row.register_ip,
    registeredAt: new Date(row.created_at).toISOString(),
    lastLoginAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
    upline: row.upline_id ? { id: row.upline_id, account: row.upline_account! } : null,
    downlines: Number(row.downlines ?? 0),
    authenticator,
    ageCheck,
    runningBreak: breaks.get(row.id) ?? null,
  };
}

/** Every ledger account the member holds (main, vendor wallets, bonus, points), by kind. */
export async function playerAccounts(
  db: Database,
  memberId: string,
): Promise<{ kind: string; balance: string }[]> {
  return db
    .selectFrom("accounts")
    .select(["kind", "balance"])
    .where("member_id", "=", memberId)
    .orderBy("kind")
    .execute();
}

/** The sign-in events of the audit log: when, from which IP and device, with what outcome. */
export const SIGN_IN_EVENTS = [
  "login_ok",
  "login_failed",
  "login_locked",
  "login_new_ip",
  "step_up_passed",
  "step_up_failed",
  "second_factor_failed",
  "logout",
] as const;

export interface PlayerSignIn {
  at: string;
  event: (typeof SIGN_IN_EVENTS)[number];
  ip: string | null;
  userAgent: string | null;
  site: string | null;
}

/** The member's sign-ins and attempts, newest first, a page at a time, and how many there are. */
export async function playerSignIns(
  db: Database,
  memberId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: PlayerSignIn[]; total: number }> {
  const own = db
    .selectFrom("audit_log")
    .where("member_id", "=", memberId)
    .where("event", "in", [...SIGN_IN_EVENTS]);
  const [rows, count] = await Promise.all([
    own
      .select(["at", "event", "ip", "user_agent", "detail"])
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    own.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((row) => ({
      at: new Date(row.at).toISOString(),
      event: row.event as PlayerSignIn["event"],
      ip: row.ip,
      userAgent: row.user_agent,
      site: typeof row.detail.site === "string" ? row.detail.site : null,
    })),
  };
}
