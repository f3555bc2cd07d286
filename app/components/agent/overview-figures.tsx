import type { ReactNode } from "react";
import type { TeamOverview } from "~/platform/agency/overview-types";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { formatRate } from "~/utils/rates";

type Currency = { symbol: string; minorUnits: number };

function Figure({
  label,
  testId,
  tone,
  children,
}: {
  label: string;
  testId: string;
  tone?: "positive" | "negative";
  children: ReactNode;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId} className={tone ? `amount-${tone}` : undefined}>
        {children}
      </dd>
    </div>
  );
}

/** The agent's own account: balance, own rate, and how big the team is (now, not in the period). */
export function OverviewAccount({
  agent,
  totals,
  currency,
}: Pick<TeamOverview, "agent" | "totals"> & { currency: Currency }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="member-card" aria-labelledby="overview-account-title">
      <h2 id="overview-account-title">{t("agentCentre.overview.account")}</h2>
      <dl className="agent-facts">
        <Figure label={t("agentCentre.overview.balance")} testId="overview-balance">
          {formatMoney(agent.balance, currency, i18n.language)}
        </Figure>
        <Figure label={t("agentCentre.overview.agentRate")} testId="overview-agent-rate">
          {agent.agentRate === null ? "–" : formatRate(agent.agentRate)}
        </Figure>
        <Figure label={t("agentCentre.overview.directDownlines")} testId="overview-direct">
          {totals.directDownlines}
        </Figure>
        <Figure label={t("agentCentre.overview.teamSize")} testId="overview-team-size">
          {totals.teamSize}
        </Figure>
      </dl>
    </section>
  );
}

/** The team's figures in the chosen period (definitions in app/platform/agency/overview.server.ts). */
export function OverviewPeriod({
  totals,
  currency,
  from,
  to,
}: Pick<TeamOverview, "totals"> & { currency: Currency; from: string; to: string }) {
  const { t, i18n } = useTranslation();
  const money = (minor: string) => formatMoney(minor, currency, i18n.language);
  const pl = BigInt(totals.profitLoss);
  return (
    <section className="member-card" aria-labelledby="overview-period-title">
      <h2 id="overview-period-title">{t("agentCentre.overview.period", { from, to })}</h2>
      <dl className="agent-facts">
        <Figure label={t("agentCentre.overview.newMembers")} testId="overview-new-members">
          {totals.newMembers}
        </Figure>
        <Figure label={t("agentCentre.overview.activeMembers")} testId="overview-active-members">
          {totals.activeMembers}
        </Figure>
        <Figure
          label={t("agentCentre.overview.deposits", { n: totals.depositCount })}
          testId="overview-deposits"
        >
          {money(totals.deposits)}
        </Figure>
        <Figure
          label={t("agentCentre.overview.withdrawals", { n: totals.withdrawalCount })}
          testId="overview-withdrawals"
        >
          {money(totals.withdrawals)}
        </Figure>
        <Figure label={t("agentCentre.overview.betCount")} testId="overview-bet-count">
          {totals.betCount}
        </Figure>
        <Figure label={t("agentCentre.overview.stake")} testId="overview-stake">
          {money(totals.stake)}
        </Figure>
        <Figure label={t("agentCentre.overview.validBet")} testId="overview-valid-bet">
          {money(totals.validBet)}
        </Figure>
        <Figure
          label={t("agentCentre.overview.profitLoss")}
          testId="overview-profit-loss"
          tone={pl > 0n ? "positive" : pl < 0n ? "negative" : undefined}
        >
          {money(totals.profitLoss)}
        </Figure>
      </dl>
    </section>
  );
}
