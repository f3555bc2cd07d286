import { Form, NavLink } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";

/** The back office's only chrome: brand, who is signed in, sign out (a plain post to /logout with site=ops). */
export function OpsHeader({ brandName, account }: { brandName: string; account: string }) {
  const { t } = useTranslation();
  return (
    <header className="agent-header ops-header">
      <div className="agent-header-bar">
        <p className="agent-brand">
          <span className="brand-name">{brandName}</span>
          <span className="agent-header-title">{t("ops.title")}</span>
        </p>
        <nav aria-label={t("opsAgents.nav.label")} className="ops-nav">
          <NavLink to="/ops" end data-testid="ops-nav-queue">
            {t("opsAgents.nav.queue")}
          </NavLink>
          <NavLink to="/ops/agents" data-testid="ops-nav-agents">
            {t("opsAgents.nav.agents")}
          </NavLink>
          <NavLink to="/ops/vip" data-testid="ops-nav-vip">
            {t("vipLevels.ops.nav")}
          </NavLink>
          <NavLink to="/ops/promotions" data-testid="ops-nav-promotions">
            {t("opsPromotions.nav")}
          </NavLink>
          <NavLink to="/ops/points" data-testid="ops-nav-points">
            {t("opsPoints.nav")}
          </NavLink>
          <NavLink to="/ops/missions" data-testid="ops-nav-missions">
            {t("opsMissions.nav")}
          </NavLink>
          <NavLink to="/ops/referrals" data-testid="ops-nav-referrals">
            {t("opsReferrals.nav")}
          </NavLink>
          <NavLink to="/ops/protection" data-testid="ops-nav-protection">
            {t("protectionBreak.ops.nav")}
          </NavLink>
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
