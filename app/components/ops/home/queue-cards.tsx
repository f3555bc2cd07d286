import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";

export interface QueueCard {
  queue: string;
  count: number;
  /** The queue's screen, filtered to what waits. */
  href: string;
  /** How long the oldest waiting item has waited, in whole minutes; null when none waits. */
  waitedMinutes: number | null;
}

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/**
 * A wait as a short duration in the page's language: minutes under an hour, hours under two
 * days, days beyond ("45 min", "2 hr", "3 days" in English).
 */
export function formatWaited(minutes: number, locale: string): string {
  const [value, unit] =
    minutes < MINUTES_PER_HOUR
      ? [Math.max(1, minutes), "minute"]
      : minutes < 2 * MINUTES_PER_DAY
        ? [Math.floor(minutes / MINUTES_PER_HOUR), "hour"]
        : [Math.floor(minutes / MINUTES_PER_DAY), "day"];
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "short" }).format(value);
}

/** The staff home's cards: one link per queue, with what waits and how long the oldest has. */
export function QueueCards({ cards }: { cards: readonly QueueCard[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="ops-home-cards" data-testid="ops-home-cards">
      {cards.map(({ queue, count, href, waitedMinutes }) => (
        <li key={queue} data-testid={`ops-home-${queue}`}>
          <Link to={href} className="ops-home-card">
            <span className="ops-home-card-title">{t(`opsHome.queues.${queue}`)}</span>
            <span className="ops-home-card-count" data-testid="ops-home-count" data-count={count}>
              {count === 0
                ? t("opsHome.empty")
                : [
                    t("opsHome.waiting", { count }),
                    waitedMinutes === null
                      ? null
                      : t("opsHome.oldest", { age: formatWaited(waitedMinutes, i18n.language) }),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** What a staff member who works on no queue sees: the screens its role opens. */
export function NothingToActOn({
  pages,
}: {
  pages: ReadonlyArray<{ to: string; testId: string; label: string }>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p data-testid="ops-home-nothing">{t("opsHome.nothing")}</p>
      <ul className="member-links" data-testid="ops-home-pages">
        {pages.map(({ to, testId, label }) => (
          <li key={to}>
            <Link to={to} data-testid={`ops-home-page-${testId}`}>
              {t(label)}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
