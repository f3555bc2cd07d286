import { Link, useFetcher, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { useDismissableDetails } from "./use-dismissable-details";
import { CustomerServiceLink, type CustomerServiceEntry } from "../customer-service-link";
import { useLiveBalance } from "../live-events/live-figures";

/** What the header shows of the signed-in member (member info and session values). */
export interface MemberSummary {
  id: string;
  account: string;
  nickname: string | null;
  isAgent: boolean;
  isTrial: boolean;
  hasVip: boolean;
  vipRankLevel: number;
  /** vipLabelName: the level's name in the reader's language, when the brand names it. */
  vipLabelName?: string | null;
  /** MAIN wallet, minor units, a bigint decimal string. */
  balance: string;
  /** The vendor wallets (none in single-wallet mode). */
  wallets: { vassalage: string; displayName: string; balance: string }[];
  /** Available promotions plus unread messages. */
  unclaimed: number;
  /** Operators' support replies not yet read (issue 16). */
  supportUnread?: number;
}

const HIDDEN_BALANCE = "****";

export interface MemberActionsProps {
  viewer: MemberSummary;
  currency: { symbol: string; minorUnits: number };
  locale: string;
  hideBalance: boolean;
  customerService: CustomerServiceEntry | null;
  /** The current page with the sign-out confirmation open. */
  logoutHref: string;
  /** Invite friends appears while the referral promotion is live. */
  referralEnabled?: boolean;
}

/** Header for a logged-in member: Deposit, Withdraw, Members and the avatar menu. */
export function MemberActions(props: MemberActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Link to="/member/deposit" className="button primary" data-testid="header-deposit">
        {t("member.deposit")}
      </Link>
      <Link to="/member/withdraw" className="button" data-testid="header-withdraw">
        {t("member.withdraw")}
      </Link>
      <Link to="/member" className="button" data-testid="header-members">
        {t("member.members")}
      </Link>
      <MemberMenu {...props} />
    </>
  );
}

/**
 * Avatar menu: a `<details>` disclosure, so it opens without JavaScript;
 * with it, Escape and a click outside close it. Every control in it is a link
 * or a form that works as plain HTML.
 */
export function MemberMenu({
  viewer,
  currency,
  locale,
  hideBalance,
  customerService,
  logoutHref,
  referralEnabled = false,
}: MemberActionsProps) {
  const { t } = useTranslation();
  const ref = useDismissableDetails();
  const location = useLocation();
  const here = location.pathname + location.search;
  const name = viewer.nickname || viewer.account;
  // Following an entry closes the menu; staying on the page (hide, refresh) keeps it open.
  const openedAt = useRef(here);
  useEffect(() => {
    if (openedAt.current === here) return;
    openedAt.current = here;
    if (ref.current) ref.current.open = false;
  }, [here, ref]);
  return (
    <details className="menu member-menu" ref={ref} data-testid="member-menu">
      <summary>
        <span className="avatar" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="label">{name}</span>
        {viewer.unclaimed > 0 ? (
          <span className="count-badge" data-testid="unclaimed-count">
            <span aria-hidden="true">{viewer.unclaimed > 99 ? "99+" : viewer.unclaimed}</span>
            <span className="visually-hidden">
              {t("member.unclaimed", { count: viewer.unclaimed })}
            </span>
          </span>
        ) : null}
      </summary>
      <div className="menu-panel member-panel">
        <Balance
          balance={viewer.balance}
          currency={currency}
          locale={locale}
          hidden={hideBalance}
          redirectTo={here}
        />
        {viewer.wallets.length > 0 ? (
          <VendorWallets
            wallets={viewer.wallets}
            currency={currency}
            locale={locale}
            hidden={hideBalance}
          />
        ) : null}
        <div className="member-identity">
          <p className="member-name">
            <strong data-testid="member-name">{name}</strong>
            {viewer.hasVip ? (
              <span className="vip-label" data-testid="vip-label">
                {viewer.vipLabelName
                  ? t("vipLevels.headerLabel", {
                      name: viewer.vipLabelName,
                      level: viewer.vipRankLevel,
                    })
                  : t("member.vipLevel", { level: viewer.vipRankLevel })}
              </span>
            ) : null}
          </p>
          <CopyableId id={viewer.id} />
        </div>
        <ul className="member-links">
          <li>
            <Link to="/member/security">{t("member.myAccount")}</Link>
          </li>
          <li>
            <Link to="/member/betting-record">{t("member.bettingRecord")}</Link>
          </li>
          <li>
            <Link to="/member/messages">{t("member.platformInfo")}</Link>
          </li>
          {referralEnabled ? (
            <li>
              <Link to="/member/referral" data-testid="member-menu-referral">
                {t("referral.nav")}
              </Link>
            </li>
          ) : null}
          {customerService ? (
            <li>
              <CustomerServiceLink entry={customerService}>
                {t("header.customerService")}
              </CustomerServiceLink>
            </li>
          ) : null}
          {viewer.isAgent ? (
            <li>
              <Link to="/agentHome" data-testid="member-menu-agent">
                {t("member.agent")}
              </Link>
            </li>
          ) : null}
          <li>
            <Link to={logoutHref} preventScrollReset data-testid="member-menu-logout">
              {t("member.signOut")}
            </Link>
          </li>
        </ul>
      </div>
    </details>
  );
}

/**
 * The balance: hidden as asterisks by a preference (a form post; optimistic
 * with JavaScript) and refreshed by reloading the page (with JavaScript, only
 * the loaders run again).
 */
function Balance({
  balance,
  currency,
  locale,
  hidden: saved,
  redirectTo,
}: {
  balance: string;
  currency: { symbol: string; minorUnits: number };
  locale: string;
  hidden: boolean;
  redirectTo: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: "hide-balance" });
  const revalidator = useRevalidator();
  const pending = fetcher.formData?.get("hideBalance");
  const hidden = pending === "true" || pending === "false" ? pending === "true" : saved;
  const shown = useLiveBalance(balance);
  return (
    <div className="member-balance">
      <span className="muted">{t("member.balance")}</span>
      <strong
        className="balance-amount"
        data-testid="member-balance"
        aria-busy={revalidator.state === "loading"}
      >
        {hidden ? HIDDEN_BALANCE : formatMoney(shown, currency, locale)}
      </strong>
      <fetcher.Form method="post" action="/resources/prefs" className="inline-form">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button
          type="submit"
          name="hideBalance"
          value={hidden ? "false" : "true"}
          className="link-button"
          data-testid="balance-visibility"
        >
          {t(hidden ? "member.showBalance" : "member.hideBalance")}
        </button>
      </fetcher.Form>
      <Link
        to={redirectTo}
        className="link-button"
        preventScrollReset
        data-testid="balance-refresh"
        onClick={(event) => {
          event.preventDefault();
          revalidator.revalidate();
        }}
      >
        <span aria-hidden="true">↻</span>
        <span className="visually-hidden">{t("member.refreshBalance")}</span>
      </Link>
    </div>
  );
}

/** Per-vendor balances, under the main balance; hidden with it. */
function VendorWallets({
  wallets,
  currency,
  locale,
  hidden,
}: {
  wallets: MemberSummary["wallets"];
  currency: { symbol: string; minorUnits: number };
  locale: string;
  hidden: boolean;
}) {
  const { t } = useTranslation();
  return (
    <details className="vendor-wallets" data-testid="vendor-wallets">
      <summary>{t("member.vendorWallets")}</summary>
      <ul>
        {wallets.map((wallet) => (
          <li key={wallet.vassalage}>
            <span>{wallet.displayName}</span>
            <span className="balance-amount" data-testid={`vendor-balance-${wallet.vassalage}`}>
              {hidden ? HIDDEN_BALANCE : formatMoney(wallet.balance, currency, locale)}
            </span>
          </li>
        ))}
      </ul>
      <Link to="/member/transfer">{t("member.transferFunds")}</Link>
    </details>
  );
}

/** The member ID as selectable text; with JavaScript, a copy button and a short 'copy success' notice. */
function CopyableId({ id }: { id: string }) {
  const { t } = useTranslation();
  // Only in a hydrated page, where a click can reach the clipboard API.
  const canCopy = useHydrated() && Boolean(navigator.clipboard);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <p className="member-id">
      <span className="muted">{t("member.id")}</span> <span data-testid="member-id">{id}</span>
      {canCopy ? (
        <button
          type="button"
          className="link-button"
          onClick={() =>
            navigator.clipboard.writeText(id).then(
              () => setCopied(true),
              () => {},
            )
          }
        >
          {t("member.copyId")}
        </button>
      ) : null}
      <span role="status" className={copied ? "copy-status shown" : "copy-status"}>
        {copied ? t("member.copySuccess") : null}
      </span>
    </p>
  );
}
