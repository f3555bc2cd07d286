import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Field } from "~/components/forms/field";
import { rangePresets, rangeSearch, type DayRange } from "~/platform/calendar/date-range";
import { useTranslation } from "~/utils/i18n";

/**
 * The date window of a record page and its presets, reused by the agent centre:
 * a GET form (works without JavaScript) with the two days, the page's other
 * filters as children, and preset links that keep those filters in the URL.
 */
export function DateRangeFilter({
  range,
  children,
}: {
  range: DayRange & { today: string };
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <section className="member-card records-filter" aria-label={t("records.filter.title")}>
      {/* Keyed on the URL: after a preset or a search the inputs show the window the page shows. */}
      <Form method="get" className="filters" key={location.search} data-testid="records-filter">
        <Field
          type="date"
          name="from"
          label={t("records.filter.from")}
          defaultValue={range.from}
          max={range.today}
          required
        />
        <Field
          type="date"
          name="to"
          label={t("records.filter.to")}
          defaultValue={range.to}
          max={range.today}
          required
        />
        {children}
        <div className="field records-submit">
          <button type="submit" className="button primary">
            {t("records.filter.apply")}
          </button>
        </div>
      </Form>
      <p className="muted" data-testid="history-reach">
        {t("realityCheck.historyNote")}
      </p>
      <nav className="range-presets" aria-label={t("records.filter.presets")}>
        <ul>
          {rangePresets(range).map((preset) => (
            <li key={preset.key}>
              {preset.disabled ? (
                <span className="button" aria-disabled="true">
                  {t(`records.filter.${preset.key}`)}
                </span>
              ) : (
                <Link
                  className="button"
                  to={location.pathname + rangeSearch(location.search, preset)}
                  aria-current={preset.current ? "true" : undefined}
                >
                  {t(`records.filter.${preset.key}`)}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
