import { Link, useLocation } from "@remix-run/react";
import { MoneyCell, RecordTable, TimeCell } from "~/components/member/records/record-table";
import type { MemberStatus } from "~/platform/identity/member-types";
import { useTranslation } from "~/utils/i18n";
import { formatRate } from "~/utils/rates";

interface TeamRowView {
  id: string;
  account: string;
  nickname: string | null;
  isAgent: boolean;
  agentRate: number | null;
  depth: number;
  status: MemberStatus;
  balance: string;
  createdAt: string;
  lastLoginAt: string | null;
  directCount: number;
  /** Issue 17: a running time-out or self-exclusion, its end in the brand's time zone. Agents can not lift it. */
  protection?: { kind: "time_out" | "exclusion"; until: string } | null;
}

/**
 * Team management table: each downline with type, rate, level, status,
 * main balance and dates; a direct, active downline gets a "Transfer" link
 * that opens the transfer dialog as URL state (?transfer=<id>).
 */
export function TeamTable({
  team,
  currency,
  timeZone,
  closeHref,
}: {
  team: {
    rows: TeamRowView[];
    total: number;
    page: number;
    pageCount: number;
    totals: { balance: string };
  };
  currency: { symbol: string; minorUnits: number };
  timeZone: string;
  closeHref: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const transferHref = (id: string) => {
    const params = new URLSearchParams(closeHref.split("?")[1] ?? "");
    params.set("transfer", id);
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <RecordTable
      records={team}
      head={
        <>
          <th scope="col">{t("agentTeam.columns.account")}</th>
          <th scope="col">{t("agentTeam.columns.type")}</th>
          <th scope="col">{t("agentTeam.columns.rate")}</th>
          <th scope="col">{t("agentTeam.columns.level")}</th>
          <th scope="col">{t("agentTeam.columns.status")}</th>
          <th scope="col" className="amount">
            {t("agentTeam.columns.balance")}
          </th>
          <th scope="col">{t("agentTeam.columns.downlines")}</th>
          <th scope="col">{t("agentTeam.columns.registeredAt")}</th>
          <th scope="col">{t("agentTeam.columns.lastLogin")}</th>
          <th scope="col">{t("agentTeam.columns.actions")}</th>
        </>
      }
      foot={
        <tr>
          <th scope="row" colSpan={5}>
            {t("agentTeam.team.totals")}
          </th>
          <MoneyCell minor={team.totals.balance} currency={currency} testId="team-total-balance" />
          <td colSpan={4} />
        </tr>
      }
    >
      {team.rows.map((row) => (
        <tr key={row.id} data-testid="team-row" data-account={row.account}>
          <th scope="row">
            {row.account}
            {row.nickname ? <span className="muted"> · {row.nickname}</span> : null}
          </th>
          <td>{t(row.isAgent ? "agentTeam.team.typeAgent" : "agentTeam.team.typeMember")}</td>
          <td>{row.agentRate === null ? "—" : formatRate(row.agentRate)}</td>
          <td>{row.depth}</td>
          <td>
            {t(
              row.status === "active"
                ? "agentTeam.team.statusActive"
                : row.status === "suspended"
                  ? "agentTeam.team.statusSuspended"
                  : "agentTeam.team.statusDisabled",
            )}
            {row.protection ? (
              <>
                {" "}
                <span className="badge" data-testid="team-row-protection">
                  {t(`protectionBreak.team.${row.protection.kind}`, {
                    when: row.protection.until,
                  })}
                </span>
              </>
            ) : null}
          </td>
          <MoneyCell minor={row.balance} currency={currency} testId="team-row-balance" />
          <td>{row.directCount}</td>
          <TimeCell iso={row.createdAt} timeZone={timeZone} />
          {row.lastLoginAt ? (
            <TimeCell iso={row.lastLoginAt} timeZone={timeZone} />
          ) : (
            <td>{t("agentTeam.team.never")}</td>
          )}
          <td>
            {row.depth === 1 && row.status === "active" ? (
              <Link
                to={transferHref(row.id)}
                preventScrollReset
                aria-label={t("agentTeam.team.transferTo", { account: row.account })}
              >
                {t("agentTeam.team.transfer")}
              </Link>
            ) : null}
          </td>
        </tr>
      ))}
    </RecordTable>
  );
}
