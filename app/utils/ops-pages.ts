import type { StaffPermission } from "~/platform/identity/staff-permissions";

/** The back office's screens, in the order of its menu, each with the permission that shows it. */
export const OPS_PAGES = [
  {
    to: "/ops/withdrawals",
    testId: "queue",
    label: "opsAgents.nav.queue",
    permission: "withdrawals.view",
  },
  { to: "/ops/players", testId: "players", label: "opsPlayers.nav", permission: "players.view" },
  {
    to: "/ops/adjustments",
    testId: "adjustments",
    label: "opsAdjustments.nav",
    permission: "adjustments.view",
  },
  { to: "/ops/agents", testId: "agents", label: "opsAgents.nav.agents", permission: "agents.view" },
  { to: "/ops/vip", testId: "vip", label: "vipLevels.ops.nav", permission: "vip.view" },
  {
    to: "/ops/promotions",
    testId: "promotions",
    label: "opsPromotions.nav",
    permission: "promotions.view",
  },
  { to: "/ops/points", testId: "points", label: "opsPoints.nav", permission: "points.view" },
  {
    to: "/ops/missions",
    testId: "missions",
    label: "opsMissions.nav",
    permission: "missions.view",
  },
  {
    to: "/ops/referrals",
    testId: "referrals",
    label: "opsReferrals.nav",
    permission: "referrals.view",
  },
  {
    to: "/ops/protection",
    testId: "protection",
    label: "protectionBreak.ops.nav",
    permission: "protection.view",
  },
  {
    to: "/ops/age-checks",
    testId: "age-checks",
    label: "ageCheck.ops.nav",
    permission: "age_checks.view",
  },
  {
    to: "/ops/feedback",
    testId: "feedback",
    label: "feedback.ops.nav",
    permission: "feedback.view",
  },
  { to: "/ops/support", testId: "support", label: "support.ops.nav", permission: "support.view" },
  { to: "/ops/chat", testId: "chat", label: "chat.ops.nav", permission: "chat.view" },
  {
    to: "/ops/announcements",
    testId: "announcements",
    label: "opsAnnouncements.nav",
    permission: "announcements.view",
  },
  { to: "/ops/audit", testId: "audit", label: "opsAudit.nav", permission: "audit.view" },
  { to: "/ops/staff", testId: "staff", label: "staffOps.nav", permission: "staff.view" },
] as const satisfies ReadonlyArray<{
  to: string;
  testId: string;
  label: string;
  permission: StaffPermission;
}>;

/** The screens a staff member's permissions show, in menu order. */
export const opsPagesFor = (permissions: Iterable<string>) => {
  const granted = new Set(permissions);
  return OPS_PAGES.filter((page) => granted.has(page.permission));
};
