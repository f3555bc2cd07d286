import { BreakColumns } from "~/components/protection-break/break-columns";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { PanelTable } from "./panel-table";

type Currency = { symbol: string; minorUnits: number };

/** The protection tab's data, as JSON (the platform's PlayerProtection). */
export interface PlayerProtectionView {
  limits: {
    kind: string;
    period: string;
    amount: string | null;
    pending: { amount: string | null; since: string; from: string } | null;
  }[];
  breaks: {
    id: string;
    kind: string;
    startsAt: string;
    endsAt: string;
    source: "member" | "operator";
    setBy: string | null;
    reopenRequestedAt: string | null;
  }[];
  reality: { intervalMinutes: number; sessionLimitMinutes: number | null; chosen: boolean };
  age: { status: string; birthday: string | null; reason: string | null };
}

/**
 * What protects the member from its own play: its limits and any change
 * waiting for its confirmation, its time-outs and self-exclusions (who set
 * each, and a request to reopen), its reality checks and session time, and
 * its age check. Read-only: staff add limits and breaks on /ops/protection.
 */
export function ProtectionPanel({
  protection,
  currency,
  timeZone,
}: {
  protection: PlayerProtectionView;
  currency: Currency;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const money = (amount: string) => formatMoney(amount, currency, i18n.language);
  const when = (at: string) => formatTimestamp(at, timeZone);
  const minutes = (count: number) => t("protectionOps.reality.minutes", { count });
  const { limits, breaks, reality, age } = protection;
  return (
    <>
      <h2>{t("opsPlayers.tabs.protection")}</h2>

      <PanelTable
        title={t("opsPlayers.protection.limits")}
        rows={limits.length}
        none={t("opsPlayers.protection.noLimits")}
        testId="ops-player-limits"
        head={
          <>
            <th scope="col">{t("protection.limits.kind")}</th>
            <th scope="col">{t("protection.limits.period")}</th>
            <th scope="col" className="amount">
              {t("protection.limits.amount")}
            </th>
            <th scope="col">{t("protectionOps.limits.pending")}</th>
          </>
        }
      >
        {limits.map((limit) => (
          <tr
            key={`${limit.kind}-${limit.period}`}
            data-testid="ops-player-limit"
            data-kind={limit.kind}
          >
            <td>{t(`protection.kind.${limit.kind}`)}</td>
            <td>{t(`protection.period.${limit.period}`)}</td>
            <td className="amount">{limit.amount === null ? "—" : money(limit.amount)}</td>
            <td>
              {limit.pending
                ? t(
                    limit.pending.amount === null
                      ? "protectionOps.limits.pendingRemoval"
                      : "protectionOps.limits.pendingRaise",
                    {
                      amount: limit.pending.amount === null ? "" : money(limit.pending.amount),
                      since: when(limit.pending.since),
                      from: when(limit.pending.from),
                    },
                  )
                : "—"}
            </td>
          </tr>
        ))}
      </PanelTable>

      <PanelTable
        title={t("opsPlayers.protection.breaks")}
        rows={breaks.length}
        none={t("opsPlayers.protection.noBreaks")}
        testId="ops-player-breaks"
        head={<BreakColumns />}
      >
        {breaks.map((row) => (
          <tr key={row.id} data-testid="ops-player-break" data-source={row.source}>
            <td>{t(`protectionBreak.kind.${row.kind}`)}</td>
            <td>{when(row.startsAt)}</td>
            <td>{when(row.endsAt)}</td>
            <td>{t(`opsPlayers.protection.setBy.${row.source}`, { account: row.setBy ?? "—" })}</td>
            <td>{row.reopenRequestedAt ? when(row.reopenRequestedAt) : "—"}</td>
          </tr>
        ))}
      </PanelTable>

      <h3>{t("realityCheck.title")}</h3>
      <dl className="player-facts" data-testid="ops-player-reality">
        <dt>{t("protectionOps.reality.interval")}</dt>
        <dd>
          {reality.intervalMinutes > 0
            ? minutes(reality.intervalMinutes)
            : t("protectionOps.reality.off")}
          {reality.chosen ? null : (
            <span className="muted"> {t("opsPlayers.protection.brandDefault")}</span>
          )}
        </dd>
        <dt>{t("protectionOps.reality.sessionLimit")}</dt>
        <dd>
          {reality.sessionLimitMinutes
            ? minutes(reality.sessionLimitMinutes)
            : t("opsPlayers.profile.none")}
        </dd>
      </dl>

      <h3>{t("opsPlayers.profile.ageCheck")}</h3>
      <dl className="player-facts" data-testid="ops-player-age">
        <dt>{t("opsPlayers.columns.status")}</dt>
        <dd data-testid="ops-player-age-status">{t(`opsPlayers.ageChecks.${age.status}`)}</dd>
        {age.birthday ? (
          <>
            <dt>{t("opsPlayers.protection.birthday")}</dt>
            <dd>{age.birthday}</dd>
          </>
        ) : null}
        {age.reason ? (
          <>
            <dt>{t("opsPlayers.protection.ageReason")}</dt>
            <dd dir="auto">{age.reason}</dd>
          </>
        ) : null}
      </dl>
    </>
  );
}
