import { GrantTurnover } from "~/components/ops/promotions/grant-turnover";
import type { OpsGrantView } from "~/components/ops/promotions/types";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { LatestTable } from "./latest-table";
import { PromotionEntryRow, PromotionLink, type PromotionEntryView } from "./promotion-entry-row";

type Currency = { symbol: string; minorUnits: number };

/** The bonuses tab's data, as JSON (the platform's PlayerBonuses). */
export interface PlayerBonusesView {
  bonusBalance: string;
  grants: { rows: OpsGrantView[]; total: number };
  entries: { rows: PromotionEntryView[]; total: number };
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

      <LatestTable
        title={t("opsPlayers.bonuses.grants")}
        total={grants.total}
        count={count(grants.total)}
        none={t("opsPlayers.bonuses.noGrants")}
        testId="ops-player-grants"
        head={
          <>
            <th scope="col">{t("opsPromotions.grants.columns.issued")}</th>
            <th scope="col">{t("opsPromotions.grants.columns.promotion")}</th>
            <th scope="col" className="amount">
              {t("opsPromotions.grants.columns.amount")}
            </th>
            <th scope="col">{t("opsPromotions.grants.columns.turnover")}</th>
            <th scope="col">{t("opsPromotions.grants.columns.status")}</th>
          </>
        }
      >
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
      </LatestTable>

      <LatestTable
        title={t("opsPlayers.bonuses.entries")}
        total={entries.total}
        count={count(entries.total)}
        none={t("opsPlayers.bonuses.noEntries")}
        testId="ops-player-entries"
        head={
          <>
            <th scope="col">{t("opsPlayers.bonuses.entered")}</th>
            <th scope="col">{t("opsPromotions.grants.columns.promotion")}</th>
            <th scope="col">{t("opsPlayers.bonuses.period")}</th>
            <th scope="col">{t("records.columns.status")}</th>
            <th scope="col" className="amount">
              {t("opsPromotions.grants.columns.amount")}
            </th>
            <th scope="col">{t("opsPlayers.bonuses.decidedBy")}</th>
          </>
        }
      >
        {entries.rows.map((entry) => (
          <PromotionEntryRow key={entry.id} entry={entry} currency={currency} timeZone={timeZone} />
        ))}
      </LatestTable>
    </>
  );
}
