import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { TurnoverProgress } from "./turnover-progress";
import type { Money, PromotionCardData } from "./types";

/**
 * One promotion: its category, title, period, what it holds for this member
 * (the amount, the turnover being wagered, why an application was rejected),
 * the state button, and — when `open` — its rules (sanitized HTML).
 */
export function PromotionCard({
  promotion,
  currency,
  locale,
  timeZone,
  action,
  detailHref,
  open,
  error,
}: {
  promotion: PromotionCardData;
  currency: Money;
  locale: string;
  timeZone: string;
  action: ReactNode;
  detailHref: string;
  open: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  const headingId = `promotion-${promotion.id}`;
  return (
    <article
      className="promotion-card"
      aria-labelledby={headingId}
      data-testid="promotion-card"
      data-code={promotion.code}
      data-state={promotion.state}
    >
      <p className="promotion-category">{t(`promotions.category.${promotion.category}`)}</p>
      <h2 id={headingId}>
        <Link to={detailHref} preventScrollReset>
          {promotion.title}
        </Link>
      </h2>
      <p className="muted">
        {promotion.endsAt
          ? t("promotions.period", {
              from: formatTimestamp(promotion.startsAt, timeZone),
              to: formatTimestamp(promotion.endsAt, timeZone),
            })
          : t("promotions.from", { from: formatTimestamp(promotion.startsAt, timeZone) })}
      </p>
      {promotion.amount && promotion.state !== "process" ? (
        <p className="promotion-amount" data-testid="promotion-amount">
          {t("promotions.amount", { amount: formatMoney(promotion.amount, currency, locale) })}
        </p>
      ) : null}
      {promotion.state === "process" && promotion.grant ? (
        <TurnoverProgress
          grant={promotion.grant}
          currency={currency}
          locale={locale}
          timeZone={timeZone}
        />
      ) : null}
      {promotion.state === "rejected" && promotion.rejectReason ? (
        <p className="promotion-reason">
          {t("promotions.rejectedBecause", { reason: promotion.rejectReason })}
        </p>
      ) : null}
      {open ? (
        <section className="promotion-rules" aria-label={t("promotions.rules")}>
          {/* Sanitized on the server when stored and again when read. */}
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: promotion.rulesHtml }} />
        </section>
      ) : null}
      <div className="promotion-footer">
        {action}
        {open ? null : (
          <Link to={detailHref} preventScrollReset className="button">
            {t("promotions.details")}
          </Link>
        )}
      </div>
      <div className="field-error" role={error ? "alert" : undefined} data-testid="promotion-error">
        {error ?? ""}
      </div>
    </article>
  );
}
