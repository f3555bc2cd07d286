import { Link, NavLink, useLocation } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { loginHref } from "~/utils/lobby-links";
import { CustomerServiceLink, type CustomerServiceEntry } from "../customer-service-link";
import { CategoryMenuEntry } from "./category-menu-entry";
import { LanguageMenu } from "./language-menu";
import type { MemberSummary } from "./member-menu";
import { MemberActions } from "./member-only";
import { ThemeToggle } from "./theme-toggle";
import type { LaneSummary } from "./types";
import { CountBadge } from "../ui/count-badge";
import { Icon } from "../ui/icon";

export function Header({
  brandName,
  lanes,
  customerService,
  locale,
  languages,
  theme,
  referralEnabled,
  viewer,
  currency,
  hideBalance,
  logoutHref,
  sideMenu,
}: {
  brandName: string;
  lanes: LaneSummary[];
  customerService: CustomerServiceEntry | null;
  locale: string;
  languages: { code: string; name: string }[];
  theme: "light" | "dark";
  referralEnabled: boolean;
  /** The signed-in member, or null for a visitor. */
  viewer: MemberSummary | null;
  currency: { symbol: string; minorUnits: number };
  hideBalance: boolean;
  /** The current page with the sign-out confirmation open. */
  logoutHref: string;
  sideMenu: React.ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  // Member-only pages: straight there when signed in, through the login dialog otherwise.
  const memberHref = (path: string) => (viewer ? path : loginHref(path));
  return (
    <header className="site-header">
      <div className="header-bar">
        {sideMenu}
        <Link to="/" className="brand" prefetch="intent">
          <span className="brand-mark">
            <Icon name="anchor" size={26} />
          </span>
          <span className="brand-name">{brandName}</span>
        </Link>
        {/* Before the long menu in the HTML: a phone shows these above it (second row) and a
            wide screen beside the brand, so the first paint already has them in place and the
            menu's row does not move down when they arrive. */}
        <div className="header-actions">
          <LanguageMenu languages={languages} locale={locale} redirectTo={here} />
          <ThemeToggle theme={theme} redirectTo={here} />
          {customerService ? (
            <CustomerServiceLink entry={customerService} className="icon-button">
              <Icon name="chat" />
              <span className="label">{t("header.customerService")}</span>
              {viewer?.supportUnread ? (
                <CountBadge
                  count={viewer.supportUnread}
                  spoken={t("memberCentre.unread", { count: viewer.supportUnread })}
                  testId="header-support-unread"
                />
              ) : null}
            </CustomerServiceLink>
          ) : null}
          {viewer ? (
            <MemberActions
              viewer={viewer}
              currency={currency}
              locale={locale}
              hideBalance={hideBalance}
              customerService={customerService}
              referralEnabled={referralEnabled}
              logoutHref={logoutHref}
            />
          ) : (
            <>
              <Link
                to={loginHref(location.pathname === "/login" ? null : here)}
                className="button"
                data-testid="header-login"
              >
                {t("header.login")}
              </Link>
              <Link to="/register" className="button primary" data-testid="header-register">
                {t("header.register")}
              </Link>
            </>
          )}
        </div>
        <nav className="main-nav" aria-label={t("header.menu")}>
          <ul>
            <li>
              <NavLink to="/" end>
                {t("header.home")}
              </NavLink>
            </li>
            <li>
              <NavLink to="/promotions">{t("header.promotions")}</NavLink>
            </li>
            {lanes.map((lane) => (
              <CategoryMenuEntry key={lane.title} lane={lane} />
            ))}
            {/* Rewards shows when the referral promotion is on or nobody is logged in. */}
            {referralEnabled || !viewer ? (
              <li>
                <NavLink to={memberHref("/member/rewards")}>{t("header.rewards")}</NavLink>
              </li>
            ) : null}
            {referralEnabled ? (
              <li>
                <NavLink to={memberHref("/member/referral")}>{t("header.share")}</NavLink>
              </li>
            ) : null}
          </ul>
        </nav>
      </div>
    </header>
  );
}
