import { DecisionForm } from "~/components/ops/decision-form";
import { Pager } from "~/components/ui/pager";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";

export interface OpsReferralView {
  friendId: string;
  friend: string;
  referrer: string;
  registerIp: string | null;
  status: "held" | "paid" | "rejected";
  holdReason: string | null;
  amount: string;
  qualifiedAt: string;
  decidedAt: string | null;
}

const pageHref = (page: number) => (page > 1 ? `/ops/referrals?page=${page}` : "/ops/referrals");

/** Referral rewards, held ones first, each held one with its approve and reject buttons. */
export function ReferralQueue({
  rows,
  page,
  pageCount,
  timeZone,
  currency,
}: {
  rows: OpsReferralView[];
  page: number;
  pageCount: number;
  timeZone: string;
  currency: { symbol: string; minorUnits: number };
}) {
  const { t, i18n } = useTranslation();
  if (rows.length === 0)
    return (
      <p className="empty-state" data-testid="ops-referrals-empty">
        {t("opsReferrals.empty")}
      </p>
    );
  return (
    <>
      <div className="table-scroll">
        <table className="data-table" data-testid="ops-referrals">
          <thead>
            <tr>
              <th scope="col">{t("opsReferrals.columns.referrer")}</th>
              <th scope="col">{t("opsReferrals.columns.friend")}</th>
              <th scope="col">{t("opsReferrals.columns.ip")}</th>
              <th scope="col">{t("opsReferrals.columns.qualified")}</th>
              <th scope="col" className="amount">
                {t("opsReferrals.columns.amount")}
              </th>
              <th scope="col">{t("opsReferrals.columns.status")}</th>
              <th scope="col">{t("opsReferrals.columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.friendId} data-testid="ops-referral" data-friend={row.friend}>
                <td>{row.referrer}</td>
                <td>{row.friend}</td>
                <td dir="ltr">{row.registerIp ?? "—"}</td>
                <td>{formatTimestamp(row.qualifiedAt, timeZone)}</td>
                <td className="amount">{formatMoney(row.amount, currency, i18n.language)}</td>
                <td data-testid="ops-referral-status">
                  {t(`opsReferrals.status.${row.status}`)}
                  {row.holdReason ? ` (${t(`opsReferrals.reason.${row.holdReason}`)})` : null}
                </td>
                <td>
                  {row.status === "held" ? (
                    <div className="quick-actions">
                      {(["approve", "reject"] as const).map((intent) => (
                        <DecisionForm
                          key={intent}
                          permission="referrals.review"
                          action={pageHref(page)}
                          intent={intent}
                          hidden={{ friendId: row.friendId, page }}
                          label={t(`opsReferrals.${intent}`)}
                          ariaLabel={t(`opsReferrals.${intent}Label`, { friend: row.friend })}
                          testId={`ops-referral-${intent}`}
                          primary={intent === "approve"}
                        />
                      ))}
                    </div>
                  ) : row.decidedAt ? (
                    formatTimestamp(row.decidedAt, timeZone)
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager pageNum={page} totalPages={pageCount} pageHref={pageHref} />
    </>
  );
}
