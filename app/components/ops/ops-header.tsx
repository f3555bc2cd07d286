import { Form, NavLink } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { opsPagesFor } from "~/utils/ops-pages";
import { CountBadge } from "../ui/count-badge";

/** The back office's only chrome: brand, who is signed in, sign out (a plain post to /logout with site=ops). */
export function OpsHeader({
  brandName,
  account,
  supportUnread = 0,
  permissions,
}: {
  brandName: string;
  account: string;
  /** The staff member's permissions: the menu lists the screens they show. */
  permissions: readonly string[];
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
          <NavLink to="/ops" end data-testid="ops-nav-home">
            {t("opsHome.nav")}
          </NavLink>
          {opsPagesFor(permissions).map(({ to, testId, label }) => (
            <NavLink key={to} to={to} data-testid={`ops-nav-${testId}`}>
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
