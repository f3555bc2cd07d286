/**
 * What a staff member may do in the back office: every /ops loader and action
 * names one of these, and a staff member's role is a set of them. "view"
 * reads a screen; the others change something. A new screen adds its own
 * here, and a migration gives it to the admin role.
 */
export const STAFF_PERMISSIONS = [
  "withdrawals.view",
  "withdrawals.decide",
  "withdrawals.pay",
  "agents.view",
  "agents.manage",
  "vip.view",
  "vip.manage",
  "promotions.view",
  "promotions.manage",
  "promotions.review",
  "points.view",
  "points.manage",
  "points.review",
  "missions.view",
  "missions.manage",
  "referrals.view",
  "referrals.review",
  "protection.view",
  "protection.manage",
  "age_checks.view",
  "age_checks.review",
  "feedback.view",
  "feedback.reply",
  "support.view",
  "support.reply",
  "chat.view",
  "chat.moderate",
  "announcements.view",
  "announcements.manage",
  "players.view",
  "players.suspend",
  "players.sign_out",
  "players.reset_password",
  "players.close",
  "players.note",
  "adjustments.view",
  "adjustments.request",
  "adjustments.approve",
  "staff.view",
  "staff.manage",
  "audit.view",
  "audit.export",
] as const;

export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** The back office's own records (its staff, its audit trail) are not among the screens every role reads. */
const OWN_RECORDS = ["staff", "audit"];
const views = STAFF_PERMISSIONS.filter(
  (permission) => permission.endsWith(".view") && !OWN_RECORDS.includes(permission.split(".")[0]!),
);
const area = (...names: string[]) =>
  STAFF_PERMISSIONS.filter((permission) => names.includes(permission.split(".")[0]!));

/**
 * The roles a brand starts with (an admin may change them): each a set of
 * permissions. Admin has every one; read-only reads every screen of the
 * portal's business (not the staff list or the audit trail); compliance also
 * reads and exports the audit trail. Support and compliance write staff notes
 * and tags on the player page: they are the ones who talk to and review members.
 */
export const BUILT_IN_ROLES: Record<string, readonly StaffPermission[]> = {
  admin: STAFF_PERMISSIONS,
  finance: [...new Set([...views, ...area("withdrawals", "adjustments")])],
  support: [
    ...new Set([...views, ...area("support", "feedback", "chat"), "players.note" as const]),
  ],
  compliance: [
    ...new Set([
      ...views,
      ...area("protection", "age_checks", "audit"),
      ...([
        "players.suspend",
        "players.sign_out",
        "players.reset_password",
        "players.close",
        "players.note",
      ] as const),
    ]),
  ],
  marketing: [
    ...new Set([
      ...views,
      ...area("promotions", "points", "missions", "referrals", "vip", "announcements"),
    ]),
  ],
  "read-only": views,
};

export const isStaffPermission = (value: string): value is StaffPermission =>
  (STAFF_PERMISSIONS as readonly string[]).includes(value);
