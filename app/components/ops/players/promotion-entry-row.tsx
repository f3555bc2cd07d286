import { Link } from "@remix-run/react";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";

type Currency = { symbol: string; minorUnits: number };

/** One of the member's promotion entries, as JSON (the platform's PlayerPromotionEntry). */
export interface PromotionEntryView {
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
}

/** A promotion by its code, linked to its page in the console. */
export function PromotionLink({ id, code }: { id: string; code: string }) {
  return (
    <Link to={`/ops/promotions/${id}`} dir="ltr">
      {code}
    </Link>
  );
}

/**
 * An entry: when, in which promotion and period, its state (and why an
 * application was turned down), its amount, and the staff account that
 * decided an application, with when.
 */
export function PromotionEntryRow({
  entry,
  currency,
  timeZone,
}: {
  entry: PromotionEntryView;
  currency: Currency;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const money = (amount: string) => formatMoney(amount, currency, i18n.language);
  const when = (at: string) => formatTimestamp(at, timeZone);
  return (
    <tr data-testid="ops-player-entry" data-state={entry.state}>
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
        {entry.decidedBy ? <div className="muted">{when(entry.updatedAt)}</div> : null}
      </td>
    </tr>
  );
}
