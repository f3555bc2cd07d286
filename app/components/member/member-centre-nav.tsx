import { NavLink } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";

/** The member centre's pages (DESIGN §4), in the order a member looks for them. */
const PAGES = [
  { to: "/member", key: "overview", end: true },
  { to: "/member/deposit", key: "deposit" },
  { to: "/member/withdraw", key: "withdraw" },
  { to: "/member/transfer", key: "transfer" },
  { to: "/member/transfer-upline", key: "transferUpline", needsUpline: true },
  { to: "/member/transactions", key: "transactions" },
  { to: "/member/betting-record", key: "bettingRecord" },
  { to: "/member/profit-loss", key: "profitLoss" },
  { to: "/member/bonus", key: "bonus" },
  // §2 manualRebate, which the side menu links to; its label sits with the page's own.
  { to: "/member/rebate", key: "rebate", label: "rebate.nav" },
  { to: "/member/messages", key: "messages" },
  { to: "/member/security", key: "security" },
] as const;

export function MemberCentreNav({
  hasUpline,
  unreadMessages,
}: {
  hasUpline: boolean;
  unreadMessages: number;
}) {
  const { t } = useTranslation();
  return (
    <nav className="member-nav" aria-label={t("memberCentre.nav")}>
      <ul>
        {PAGES.filter((page) => !("needsUpline" in page) || hasUpline).map((page) => (
          <li key={page.to}>
            <NavLink to={page.to} end={"end" in page} prefetch="intent">
              {t("label" in page ? page.label : `memberCentre.${page.key}`)}
              {page.key === "messages" && unreadMessages > 0 ? (
                <span
                  className="badge"
                  aria-label={t("memberCentre.unread", { count: unreadMessages })}
                >
                  {unreadMessages}
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
