import { NavLink, useFetcher } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { loginHref } from "~/utils/lobby-links";
import { CategoryLink } from "./category-link";
import { CustomerServiceLink, type CustomerServiceEntry } from "../customer-service-link";
import type { LaneSummary } from "./types";
import { Icon } from "../ui/icon";
import { PlainLink } from "../ui/plain-link";

/** The toggle lives in the header bar; it posts the preference so it works without JavaScript. */
export type SideMenuState = "auto" | "open" | "collapsed";

export function SideMenuToggle({
  state,
  redirectTo,
}: {
  state: SideMenuState;
  redirectTo: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: "side-menu" });
  const button = (next: "open" | "collapsed", className: string) => (
    <button
      type="submit"
      name="sideMenu"
      value={next}
      className={`icon-button ${className}`}
      aria-expanded={next === "collapsed"}
      aria-controls="side-menu"
      data-testid="side-menu-toggle"
      aria-label={t(next === "collapsed" ? "sideMenu.collapse" : "sideMenu.expand")}
    >
      <Icon name="menu" />
    </button>
  );
  return (
    <fetcher.Form method="post" action="/resources/prefs" className="inline-form">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {state === "open" ? button("collapsed", "") : null}
      {state === "collapsed" ? button("open", "") : null}
      {/* Before a choice, the menu is open on wide screens and closed on phones: CSS shows the matching button. */}
      {state === "auto" ? (
        <>
          {button("collapsed", "wide-only")}
          {button("open", "narrow-only")}
        </>
      ) : null}
    </fetcher.Form>
  );
}

/** The optimistic state: a pending toggle shows at once, before the cookie round trip ends. */
export function useSideMenuState(saved: SideMenuState): SideMenuState {
  const fetcher = useFetcher({ key: "side-menu" });
  const pending = fetcher.formData?.get("sideMenu");
  return pending === "open" || pending === "collapsed" ? pending : saved;
}

export function SideMenu({
  state,
  lanes,
  customerService,
  referralEnabled,
  member,
  logoutHref,
  qrSrc,
  downloadHref,
  closeControl,
  languageMenu,
}: {
  state: SideMenuState;
  lanes: LaneSummary[];
  customerService: CustomerServiceEntry | null;
  referralEnabled: boolean;
  /** The signed-in member (null for a visitor): member links go straight to their pages. */
  member: { hasVip: boolean } | null;
  /** The current page with the sign-out confirmation open. */
  logoutHref: string;
  qrSrc: string;
  downloadHref: string;
  /** On phones the open menu covers the header, so it carries its own close button. */
  closeControl: React.ReactNode;
  languageMenu: React.ReactNode;
}) {
  const { t } = useTranslation();
  const memberLink = (path: string, label: string) => (
    <li>
      <PlainLink to={member ? path : loginHref(path)}>{label}</PlainLink>
    </li>
  );
  return (
    <aside id="side-menu" className="side-menu" data-state={state} aria-label={t("sideMenu.label")}>
      <div className="side-close narrow-only">{closeControl}</div>
      <nav>
        <ul className="side-list">
          {memberLink("/member/deposit", t("sideMenu.deposit"))}
          {memberLink("/member/withdraw", t("sideMenu.withdraw"))}
          <li>
            <NavLink to="/promotions">{t("sideMenu.promotions")}</NavLink>
          </li>
          {referralEnabled ? memberLink("/member/referral", t("sideMenu.inviteFriends")) : null}
          {memberLink("/member/rewards", t("sideMenu.rewardCentre"))}
          {memberLink("/member/rebate", t("sideMenu.manualRebate"))}
          <li>
            <NavLink to="/pointMall">{t("pointMall.title")}</NavLink>
          </li>
        </ul>
        <h2 className="side-heading">{t("sideMenu.member")}</h2>
        <ul className="side-list" data-testid="side-member-list">
          {/* The VIP entry requires VIP. */}
          {member?.hasVip ? memberLink("/member/security", t("member.vipSecurity")) : null}
          {memberLink("/member/betting-record", t("sideMenu.bettingRecord"))}
          {memberLink("/member/transactions", t("sideMenu.accountRecord"))}
          {memberLink("/member/security", t("sideMenu.myAccount"))}
          {memberLink("/member/deposit", t("sideMenu.deposit"))}
          {memberLink("/member/profit-loss", t("sideMenu.profitLoss"))}
          {memberLink("/member/messages", t("sideMenu.messages"))}
          {memberLink("/member/protection", t("protection.link"))}
          {memberLink("/member/feedback", t("feedback.nav"))}
        </ul>
        <h2 className="side-heading">{t("sideMenu.gameCentre")}</h2>
        <ul className="side-list">
          {lanes.map((lane) => (
            <li key={lane.title}>
              <CategoryLink category={lane.title}>{t(`category.${lane.title}`)}</CategoryLink>
            </li>
          ))}
        </ul>
        <ul className="side-list">
          {customerService ? (
            <li>
              <CustomerServiceLink entry={customerService}>
                {t("header.customerService")}
              </CustomerServiceLink>
            </li>
          ) : null}
          <li>
            <NavLink to="/help">{t("sideMenu.help")}</NavLink>
          </li>
          <li>
            <NavLink to="/chat">{t("chat.nav")}</NavLink>
          </li>
          <li>{languageMenu}</li>
          {member ? (
            <li>
              <PlainLink to={logoutHref} keepScroll data-testid="side-logout">
                {t("member.signOut")}
              </PlainLink>
            </li>
          ) : null}
        </ul>
        <a className="side-qr" href={downloadHref}>
          <img src={qrSrc} alt={t("sideMenu.qrAlt")} width={120} height={120} loading="lazy" />
          <span>{t("sideMenu.downloadApp")}</span>
        </a>
      </nav>
    </aside>
  );
}
