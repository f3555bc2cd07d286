import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { walletLabel } from "~/components/member/records/entry-label";
import { formatTimestamp } from "~/platform/calendar/datetime";
import type { MemberStatus } from "~/platform/identity/member-types";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";

/** The profile the player page shows, as JSON. */
export interface PlayerProfileView {
  id: string;
  account: string;
  nickname: string | null;
  role: string;
  status: MemberStatus;
  suspension: { reason: string; note: string | null; since: string | null } | null;
  closure: { reason: string; note: string | null; since: string | null; fundsHeld: boolean } | null;
  passwordResetRequiredSince: string | null;
  vipLevel: number;
  dialingCode: string | null;
  mobile: string | null;
  email: string | null;
  birthday: string | null;
  affiliateCode: string | null;
  referralCode: string | null;
  registerIp: string | null;
  registeredAt: string;
  lastLoginAt: string | null;
  upline: { id: string; account: string } | null;
  downlines: number;
  authenticator: boolean;
  ageCheck: { status: string; birthday: string | null; reason: string | null };
  runningBreak: { kind: "time_out" | "exclusion"; endsAt: string } | null;
}

/** An account's kind as staff read it: MAIN, BONUS, POINTS, or a vendor wallet's vassalage. */
const walletOf = (kind: string) => kind.replace(/^VENDOR:/, "");

/** Who the member is, how far verified, where it stands, and every balance it holds. */
export function ProfilePanel({
  player,
  accounts,
  currency,
  timeZone,
}: {
  player: PlayerProfileView;
  accounts: { kind: string; balance: string }[];
  currency: { symbol: string; minorUnits: number };
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const none = t("opsPlayers.profile.none");
  const suspension = player.suspension;
  // A fact's label is its key under opsPlayers.profile, or the one given third.
  const facts: [string, ReactNode, string?][] = [
    ["id", player.id],
    ["nickname", player.nickname ?? none],
    ["role", t(`opsPlayers.roles.${player.role}`)],
    ["status", t(`opsPlayers.statuses.${player.status}`)],
    ...(suspension
      ? ([
          [
            "suspensionReason",
            t(`opsPlayers.suspension.reasons.${suspension.reason}`),
            "opsPlayers.suspension.facts.reason",
          ],
          [
            "suspensionSince",
            suspension.since ? formatTimestamp(suspension.since, timeZone) : none,
            "opsPlayers.suspension.facts.since",
          ],
          ["suspensionNote", suspension.note ?? none, "opsPlayers.suspension.facts.note"],
        ] satisfies [string, ReactNode, string][])
      : []),
    ...(player.closure
      ? ([
          [
            "closureReason",
            t(`accountClosure.reasons.${player.closure.reason}`),
            "opsPlayers.closure.facts.reason",
          ],
          [
            "closureSince",
            player.closure.since ? formatTimestamp(player.closure.since, timeZone) : none,
            "opsPlayers.closure.facts.since",
          ],
          [
            "closureFunds",
            t(`opsPlayers.closure.funds.${player.closure.fundsHeld ? "hold" : "cash_out"}`),
            "opsPlayers.closure.facts.funds",
          ],
          ["closureNote", player.closure.note ?? none, "opsPlayers.suspension.facts.note"],
        ] satisfies [string, ReactNode, string][])
      : []),
    ...(player.passwordResetRequiredSince
      ? ([
          [
            "passwordResetRequired",
            formatTimestamp(player.passwordResetRequiredSince, timeZone),
            "opsPlayers.suspension.facts.passwordResetRequired",
          ],
        ] satisfies [string, ReactNode, string][])
      : []),
    ["vipLevel", player.vipLevel],
    [
      "mobile",
      player.mobile ? (
        <span dir="ltr">{`${player.dialingCode ? `+${player.dialingCode} ` : ""}${player.mobile}`}</span>
      ) : (
        none
      ),
    ],
    ["email", player.email ? <span dir="ltr">{player.email}</span> : none],
    [
      "ageCheck",
      `${t(`opsPlayers.ageChecks.${player.ageCheck.status}`)}${player.birthday ? ` (${player.birthday})` : ""}`,
    ],
    ["authenticator", t(player.authenticator ? "opsPlayers.profile.on" : "opsPlayers.profile.off")],
    [
      "break",
      player.runningBreak
        ? t(`opsPlayers.breaks.${player.runningBreak.kind}`, {
            until: formatTimestamp(player.runningBreak.endsAt, timeZone),
          })
        : none,
    ],
    [
      "upline",
      player.upline ? (
        <Link to={`/ops/players/${player.upline.id}`}>{player.upline.account}</Link>
      ) : (
        none
      ),
    ],
    ["downlines", player.downlines],
    ["affiliateCode", player.affiliateCode ?? none],
    ["referralCode", player.referralCode ?? none],
    ["registered", formatTimestamp(player.registeredAt, timeZone)],
    ["registerIp", player.registerIp ? <span dir="ltr">{player.registerIp}</span> : none],
    ["lastLogin", player.lastLoginAt ? formatTimestamp(player.lastLoginAt, timeZone) : none],
  ];
  return (
    <>
      <h2>{t("opsPlayers.profile.title")}</h2>
      <dl className="player-facts" data-testid="ops-player-profile">
        {facts.map(([key, value, label]) => (
          <div key={key} className="player-fact" data-testid={`ops-player-${key}`}>
            <dt>{t(label ?? `opsPlayers.profile.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2>{t("opsPlayers.balances.title")}</h2>
      {accounts.length === 0 ? (
        <p className="empty-state">{t("opsPlayers.balances.none")}</p>
      ) : (
        <table className="data-table" data-testid="ops-player-balances">
          <thead>
            <tr>
              <th scope="col">{t("records.columns.wallet")}</th>
              <th scope="col" className="amount">
                {t("opsPlayers.balances.balance")}
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.kind} data-wallet={walletOf(account.kind)}>
                <th scope="row">
                  {account.kind === "POINTS"
                    ? t("opsPlayers.balances.points")
                    : walletLabel(t, walletOf(account.kind))}
                </th>
                <td className="amount">
                  {account.kind === "POINTS"
                    ? account.balance
                    : formatMoney(account.balance, currency, i18n.language)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
