import { json } from "@remix-run/node";
import type { StaffPermission } from "~/platform/identity/staff-permissions";
import { getDb } from "~/platform/start.server";
import { OPS_QUEUES, opsQueueCounts, type OpsQueue } from "~/platform/system/ops-queues.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { requireStaff } from "~/utils/auth.server";
import { translatorFor } from "~/utils/i18next.server";
import { opsPagesFor } from "~/utils/ops-pages";

/**
 * Each queue of the staff home: the permissions that make it this staff member's work (reading
 * the queue and acting on it) and the queue's screen, filtered to what waits.
 */
export const HOME_QUEUES: Record<
  OpsQueue,
  { view: StaffPermission; act: StaffPermission; href: string }
> = {
  withdrawals_pending: {
    view: "withdrawals.view",
    act: "withdrawals.decide",
    href: "/ops/withdrawals?status=pending",
  },
  withdrawals_approved: {
    view: "withdrawals.view",
    act: "withdrawals.pay",
    href: "/ops/withdrawals?status=approved",
  },
  promotion_applications: {
    view: "promotions.view",
    act: "promotions.review",
    href: "/ops/promotions/applications",
  },
  points_redemptions: {
    view: "points.view",
    act: "points.review",
    href: "/ops/points/redemptions",
  },
  age_checks: { view: "age_checks.view", act: "age_checks.review", href: "/ops/age-checks" },
  support: { view: "support.view", act: "support.reply", href: "/ops/support?status=waiting" },
  feedback: { view: "feedback.view", act: "feedback.reply", href: "/ops/feedback?status=open" },
  adjustments: {
    view: "adjustments.view",
    act: "adjustments.approve",
    href: "/ops/adjustments",
  },
};

/** The queues a staff member works on: both reading them and acting on them are in its role. */
export const homeQueuesFor = (permissions: ReadonlySet<string>) =>
  OPS_QUEUES.filter(
    (queue) => permissions.has(HOME_QUEUES[queue].view) && permissions.has(HOME_QUEUES[queue].act),
  );

/**
 * /ops, the staff home: any signed-in staff member. Only the queues its role works on are
 * counted (nothing is read for the others); a role with none gets the screens it may open.
 */
export async function opsHomeLoader(request: Request) {
  const staff = await requireStaff(request);
  const db = await getDb();
  const queues = homeQueuesFor(staff.permissions);
  const [brand, t, counts] = await Promise.all([
    getBrandConfig(db),
    translatorFor(request),
    opsQueueCounts(db, queues),
  ]);
  const now = Date.now();
  return json({
    title: t("opsHome.title"),
    brandName: brand.name,
    cards: counts.map(({ queue, count, oldestAt }) => ({
      queue,
      count,
      href: HOME_QUEUES[queue].href,
      waitedMinutes:
        oldestAt === null ? null : Math.max(0, Math.floor((now - oldestAt.getTime()) / 60_000)),
    })),
    pages:
      queues.length === 0
        ? opsPagesFor(staff.permissions).map(({ to, testId, label }) => ({ to, testId, label }))
        : [],
  });
}
