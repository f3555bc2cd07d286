import { NavLink } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { CountBadge } from "../ui/count-badge";

/** The member centre's pages, in the order a member looks for them. */
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
  { to: "/member/rewards", key: "rewards" },
  // Referral: only while the brand's REFERRAL promotion is live.
  { to: "/member/referral", key: "referral", label: "referral.nav", needsReferral: true },
  // The manual rebate, which the side menu links to; its label sits with the page's own.
  { to: "/member/rebate", key: "rebate", label: "rebate.nav" },
  // Points: the mall is a page of its own, reached from here too.
  { to: "/pointMall", key: "points", label: "pointMall.title" },
  { to: "/member/messages", key: "messages" },
  { to: "/member/security", key: "security" },
  // Missions and their leaderboard; its label sits with the page's own.
  { to: "/member/missions", key: "missions", label: "missions.nav" },
  // Issue 17: limits, breaks and reality checks; its label sits with the page's own.
  { to: "/member/protection", key: "protection", label: "protection.nav" },
  // Issue 16: feedback; its label sits with the page's own.
  { to: "/member/feedback", key: "feedback", label: "feedback.nav" },
  // Issue 16: the built-in support chat; its label sits with the page's own.
  { to: "/member/support", key: "support", label: "support.nav" },
] as const;

/** The member centre pages that carry an unread badge, and their counts. */
export interface MemberCentreBadges {
  messages: number;
  rewards: number;
  missions: number;
  /** Operators' replies the member has not read. */
  support?: number;
}

export function MemberCentreNav({
  hasUpline,
  referral = false,
  badges,
}: {
  hasUpline: boolean;
  referral?: boolean;
  badges: MemberCentreBadges;
}) {
  const { t } = useTranslation();
  return (
    <nav className="member-nav" aria-label={t("memberCentre.nav")}>
      <ul>
        {PAGES.filter(
          (page) =>
            (!("needsUpline" in page) || hasUpline) && (!("needsReferral" in page) || referral),
        ).map((page) => (
          <li key={page.to}>
            <NavLink to={page.to} end={"end" in page} prefetch="intent">
              {t("label" in page ? page.label : `memberCentre.${page.key}`)}
              {page.key === "messages" ||
              page.key === "rewards" ||
              page.key === "missions" ||
              page.key === "support" ? (
                <Badge page={page.key} count={badges[page.key] ?? 0} />
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Badge({ page, count }: { page: keyof MemberCentreBadges; count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  const label =
    page === "messages" || page === "support"
      ? t("memberCentre.unread", { count })
      : t("memberCentre.claimable", { count });
  return <CountBadge count={count} spoken={label} testId={`badge-${page}`} />;
}
