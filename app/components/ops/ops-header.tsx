import { Form, NavLink } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { CountBadge } from "../ui/count-badge";

/** The back office's screens, in the order of its menu. */
const OPS_PAGES = [
  { to: "/ops", testId: "queue", label: "opsAgents.nav.queue" },
  { to: "/ops/agents", testId: "agents", label: "opsAgents.nav.agents" },
  { to: "/ops/vip", testId: "vip", label: "vipLevels.ops.nav" },
  { to: "/ops/promotions", testId: "promotions", label: "opsPromotions.nav" },
  { to: "/ops/points", testId: "points", label: "opsPoints.nav" },
  { to: "/ops/missions", testId: "missions", label: "opsMissions.nav" },
  { to: "/ops/referrals", testId: "referrals", label: "opsReferrals.nav" },
  { to: "/ops/protection", testId: "protection", label: "protectionBreak.ops.nav" },
  { to: "/ops/age-checks", testId: "age-checks", label: "ageCheck.ops.nav" },
  { to: "/ops/feedback", testId: "feedback", label: "feedback.ops.nav" },
  { to: "/ops/support", testId: "support", label: "support.ops.nav" },
  { to: "/ops/chat", testId: "chat", label: "chat.ops.nav" },
  { to: "/ops/announcements", testId: "announcements", label: "opsAnnouncements.nav" },
] as const;

/** The back office's only chrome: brand, who is signed in, sign out (a plain post to /logout with site=ops). */
export function OpsHeader({
  brandName,
  account,
  supportUnread = 0,
}: {
  brandName: string;
  account: string;
  /** Unread member messages in open support conversations. */
  supportUnread?: number;
}) {
  const { t } = useTranslation();
  return (
    <header className="agent-header ops-header">
      <div className="agent-header-bar">
        <p className="agent-brand">
          <span className="brand-name">{brandName}</span>
          <span className="agent-header-title">{t("ops.title")}</span>
        </p>
        <nav aria-label={t("opsAgents.nav.label")} className="ops-nav">
          {OPS_PAGES.map(({ to, testId, label }) => (
            <NavLink key={to} to={to} end={to === "/ops"} data-testid={`ops-nav-${testId}`}>
              {t(label)}
              {testId === "support" && supportUnread > 0 ? (
                <CountBadge
                  count={supportUnread}
                  spoken={t("support.unread", { count: supportUnread })}
                  testId="ops-support-unread"
                />
              ) : null}
            </NavLink>
          ))}
        </nav>
        <p data-testid="ops-operator">{t("ops.signedInAs", { account })}</p>
        <Form method="post" action="/logout" className="inline-form">
          <input type="hidden" name="site" value="ops" />
          <button type="submit" className="button small" data-testid="ops-sign-out">
            {t("ops.signOut")}
          </button>
        </Form>
      </div>
    </header>
  );
}
