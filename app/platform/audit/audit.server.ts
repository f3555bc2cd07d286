import type { Database } from "../db/open.server";

/** Every event the audit log records (the /ops/audit filter lists them). */
export const AUDIT_EVENTS = [
  "login_ok",
  "login_failed",
  "login_locked",
  "logout",
  "password_changed",
  "password_reset",
  "password_reset_requested",
  "registered",
  "trial_created",
  "code_requested",
  "handoff_login",
  "withdraw_password_set",
  "withdraw_password_changed",
  "withdrawal_requested",
  "withdrawal_decided",
  "phone_bound",
  "email_bound",
  "profile_updated",
  "agent_rate_set",
  "house_contract_granted",
  "house_contract_ended",
  "vip_level_saved",
  "promotion_created",
  "promotion_updated",
  "promotion_status_changed",
  "promotion_application_decided",
  "bonus_forfeited_by_operator",
  "mission_created",
  "mission_updated",
  "mission_status_changed",
  "referral_decided",
  // The points mall (issue 15): config, goods and redemption decisions.
  "points_config_saved",
  "mall_item_saved",
  "redemption_decided",
  // Time-outs and self-exclusions (issue 17): taken, added by an operator, reopening asked, lift refused.
  "protection_break_taken",
  "protection_reopen_requested",
  "protection_lift_refused",
  // Player protection limits (issue 17, ADR 20).
  "protection_limit_set",
  "protection_limit_confirmed",
  // Player protection (issue 17): reality-check choices and answers.
  "reality_check_saved",
  "reality_check_answered",
  // Age verification (issue 17).
  "age_check_requested",
  "age_check_decided",
  // Feedback (issue 16): an operator answered or closed a member's feedback.
  "feedback_answered",
  "feedback_closed",
  "support_replied",
  "support_closed",
  // Chat rooms (issue 16): an operator deleted a message or muted a member.
  "chat_message_deleted",
  "chat_member_muted",
  // Announcements (issue 16): an operator saved, published or unpublished, or deleted one.
  "announcement_saved",
  "announcement_status_changed",
  "announcement_deleted",
  // Chat rooms (issue 16): an operator lifted a mute before its end.
  "chat_member_unmuted",
  // The first operator of an empty brand, made through the start's one-time link (ADR 35).
  "operator_created",
  // Authenticator codes (ADR 34): enrolled, removed, a recovery code used, a wrong code, the lock.
  "authenticator_enrolled",
  "authenticator_removed",
  "recovery_code_used",
  "second_factor_failed",
  "second_factor_locked",
  // Account takeover (issue 24): the member signed out sessions from the security centre.
  "sessions_signed_out",
  // The step-up from an unregistered IP (ADR 37): a sign-in from a new IP, the check passed or failed.
  "login_new_ip",
  "step_up_passed",
  "step_up_failed",
  // The member forgot known sign-in places in the security centre (their next sign-in steps up).
  "known_sign_ins_forgotten",
  // The back office's audit trail (issue 27): a staff member downloaded a part of it.
  "audit_exported",
  // Staff accounts and roles (ADR 44): an admin's changes, and the staff member's own password set through its link.
  "staff_created",
  "staff_role_changed",
  "staff_disabled",
  "staff_enabled",
  "staff_reenrolled",
  "staff_password_set",
  "role_created",
  "role_updated",
  "role_deleted",
  // Account acts on the player page (ADR 47): suspension, its lifting, a sign-out everywhere.
  "player_suspended",
  "player_reactivated",
  "player_signed_out",
  "player_password_reset_required",
  // A closure (ADR 53): the account closed for good, its money left to cash out or held.
  "player_closed",
  // Manual adjustments: applied at once or on a second staff member's approval, asked, rejected.
  "adjustment_applied",
  "adjustment_requested",
  "adjustment_rejected",
  // Staff notes and tags on the player page (ADR 51): a note written, a tag added or removed.
  "player_note_added",
  "player_tag_added",
  "player_tag_removed",
] as const;

export type AuditEvent = (typeof AUDIT_EVENTS)[number];

export const isAuditEvent = (value: string): value is AuditEvent =>
  (AUDIT_EVENTS as readonly string[]).includes(value);

/**
 * Who did it and from where: the address and user agent, the request's id (as the server's log
 * lines carry it), and for a back-office act the staff member and the role it held.
 */
export interface AuditContext {
  ip: string | null;
  userAgent: string | null;
  requestId?: string | null;
  staff?: { id: string; role: string } | null;
}

/** A staff member's action as the platform records it: who, and from where. */
export interface OperatorAct {
  operatorId: string;
  context: AuditContext;
}

/** What an entry is about; `detail`, `before` and `after` must never hold a password, code or token. */
export interface AuditSubject {
  /** The member concerned, when there is one (the target member of a staff act). */
  memberId?: string | null;
  account?: string | null;
  /** What was acted on, e.g. `{ type: "promotion", id: "12" }`. */
  target?: { type: string; id: string } | null;
  /** An edit's state before and after, the fields that the edit can change. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  detail?: Record<string, unknown>;
}

export async function audit(
  db: Database,
  event: AuditEvent,
  context: AuditContext,
  subject: AuditSubject = {},
) {
  await db
    .insertInto("audit_log")
    .values({
      event,
      member_id: subject.memberId ?? null,
      account: subject.account ?? null,
      ip: context.ip,
      user_agent: context.userAgent?.slice(0, 300) ?? null,
      detail: JSON.stringify(subject.detail ?? {}),
      staff_id: context.staff?.id ?? null,
      staff_role: context.staff?.role ?? null,
      target_type: subject.target?.type ?? null,
      target_id: subject.target?.id ?? null,
      before: subject.before ? JSON.stringify(subject.before) : null,
      after: subject.after ? JSON.stringify(subject.after) : null,
      request_id: context.requestId ?? null,
    })
    .execute();
}

/** A value as JSON would store it: bigints as text, dates as ISO text. */
const stored = (value: unknown): unknown =>
  value === undefined
    ? null
    : JSON.parse(
        JSON.stringify(value, (_, item) => (typeof item === "bigint" ? String(item) : item)),
      );

/** JSON with object keys sorted, so two equal values always compare equal. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, item) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );

/**
 * An edit's `before` and `after` for the audit log: the fields whose value
 * changed, each side as stored (a creation has no before: all of `after`).
 */
export function auditChange(
  before: object | null,
  after: object,
): { before: Record<string, unknown> | null; after: Record<string, unknown> } {
  const next = stored(after) as Record<string, unknown>;
  if (!before) return { before: null, after: next };
  const previous = stored(before) as Record<string, unknown>;
  const changed = [...new Set([...Object.keys(previous), ...Object.keys(next)])].filter(
    (field) => canonical(previous[field] ?? null) !== canonical(next[field] ?? null),
  );
  return {
    before: Object.fromEntries(changed.map((field) => [field, previous[field] ?? null])),
    after: Object.fromEntries(changed.map((field) => [field, next[field] ?? null])),
  };
}
