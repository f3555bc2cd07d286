import { Link } from "@remix-run/react";
import { GrantTurnover } from "~/components/ops/promotions/grant-turnover";
import type { OpsGrantView } from "~/components/ops/promotions/types";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";

type Currency = { symbol: string; minorUnits: number };

/** The bonuses tab's data, as JSON (the platform's PlayerBonuses). */
export interface PlayerBonusesView {
  bonusBalance: string;
  grants: { rows: OpsGrantView[]; total: number };
  entries: {
    total: number;
    rows: {
      id: string;
      promotionId: string;
      promotionCode: string;
      periodKey: string;
      state: string;
      amount: string | null;
      comment: string | null;
      rejectReason: string | null;
      decidedBy: string | null;
      createdAt: string;
      updatedAt: string;
    }[];
  };
}

/** A promotion by its code, linked to its page in the console. */
function PromotionLink({ id, code }: { id: string; code: string }) {
  return (
    <Link to={`/ops/promotions/${id}`} dir="ltr">
      {code}
    </Link>
  );
}

/**
 * What the member got from promotions: the bonus account's balance, the
 * latest bonuses with their wagering, and the latest promotion entries
 * (joined, claimed, applied for) with who decided an application.
 */
export function BonusesPanel({
  bonuses,
  shown,
  currency,
  timeZone,
}: {
  bonuses: PlayerBonusesView;
  shown: number;
  currency: Currency;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const money = (amount: string) => formatMoney(amount, currency, i18n.language);
  const when = (at: string) => formatTimestamp(at, timeZone);
  const count = (total: number) =>
    t("opsPlayers.bonuses.count", { count: total, shown: Math.min(total, shown) });
  const { grants, entries } = bonuses;
  return (
    <>
      <h2>{t("opsPlayers.tabs.bonuses")}</h2>
      <dl className="player-facts">
        <dt>{t("records.bonusWallet")}</dt>
        <dd className="amount" data-testid="ops-player-bonus-balance">
          {money(bonuses.bonusBalance)}
        </dd>
      </dl>

      <h3>{t("opsPlayers.bonuses.grants")}</h3>
      {grants.total === 0 ? (
        <p className="empty-state" data-testid="ops-player-grants-none">
          {t("opsPlayers.bonuses.noGrants")}
        </p>
      ) : (
        <>
          <p className="muted">{count(grants.total)}</p>
          <div className="table-scroll">
            <table className="data-table" data-testid="ops-player-grants">
              <thead>
                <tr>
                  <th scope="col">{t("opsPromotions.grants.columns.issued")}</th>
                  <th scope="col">{t("opsPromotions.grants.columns.promotion")}</th>
                  <th scope="col" className="amount">
                    {t("opsPromotions.grants.columns.amount")}
                  </th>
                  <th scope="col">{t("opsPromotions.grants.columns.turnover")}</th>
                  <th scope="col">{t("opsPromotions.grants.columns.status")}</th>
                </tr>
              </thead>
              <tbody>
                {grants.rows.map((grant) => (
                  <tr key={grant.id} data-testid="ops-player-grant" data-status={grant.status}>
                    <td>
                      {when(grant.issuedAt)}
                      {grant.expiresAt ? (
                        <div className="muted">
                          {t("opsPromotions.grants.expires", { time: when(grant.expiresAt) })}
                        </div>
                      ) : null}
                    </td>
                    <td>
                      <PromotionLink id={grant.promotionId} code={grant.promotionCode} />
                    </td>
                    <td className="amount">{money(grant.amount)}</td>
                    <td>
                      <GrantTurnover grant={grant} currency={currency} />
                    </td>
                    <td>{t(`rewards.grantStatus.${grant.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      <h3>{t("opsPlayers.bonuses.entries")}</h3>
      {entries.total === 0 ? (
        <p className="empty-state" data-testid="ops-player-entries-none">
          {t("opsPlayers.bonuses.noEntries")}
        </p>
      ) : (
        <>
          <p className="muted">{count(entries.total)}</p>
          <div className="table-scroll">
            <table className="data-table" data-testid="ops-player-entries">
              <thead>
                <tr>
                  <th scope="col">{t("opsPlayers.bonuses.entered")}</th>
                  <th scope="col">{t("opsPromotions.grants.columns.promotion")}</th>
                  <th scope="col">{t("opsPlayers.bonuses.period")}</th>
                  <th scope="col">{t("records.columns.status")}</th>
                  <th scope="col" className="amount">
                    {t("opsPromotions.grants.columns.amount")}
                  </th>
                  <th scope="col">{t("opsPlayers.bonuses.decidedBy")}</th>
                </tr>
              </thead>
              <tbody>
                {entries.rows.map((entry) => (
                  <tr key={entry.id} data-testid="ops-player-entry" data-state={entry.state}>
                    <td>
                      {when(entry.createdAt)}
                      {entry.comment ? (
                        <div className="muted" dir="auto">
                          {entry.comment}
                        </div>
                      ) : null}
                    </td>
                    <td>
                      <PromotionLink id={entry.promotionId} code={entry.promotionCode} />
                    </td>
                    <td>
                      {entry.periodKey === "once" ? (
                        t("opsPlayers.bonuses.once")
                      ) : (
                        <span dir="ltr">{entry.periodKey}</span>
                      )}
                    </td>
                    <td>
                      {t(`rewards.states.${entry.state}`, { defaultValue: entry.state })}
                      {entry.rejectReason ? (
                        <div className="muted" dir="auto">
                          {entry.rejectReason}
                        </div>
                      ) : null}
                    </td>
                    <td className="amount">{entry.amount ? money(entry.amount) : "—"}</td>
                    <td data-testid="ops-player-entry-decided-by">
                      {entry.decidedBy ?? "—"}
                      {entry.decidedBy ? (
                        <div className="muted">{when(entry.updatedAt)}</div>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
