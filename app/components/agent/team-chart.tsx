import { useId } from "react";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";

type Currency = { symbol: string; minorUnits: number };

export interface TeamChartDay {
  day: string;
  validBet: string;
  profitLoss: string;
}

/** Drawing area of the viewBox; the SVG scales to the card's width. */
const WIDTH = 720;
const HEIGHT = 260;
const MARGIN = { top: 16, right: 16, bottom: 36, left: 96 };
const PLOT_W = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_H = HEIGHT - MARGIN.top - MARGIN.bottom;
/** At most this many day labels under the axis. */
const MAX_DAY_LABELS = 8;

/**
 * The team overview's chart, drawn on the server as inline SVG (no chart
 * library, nothing to run in the browser): valid bet per day as bars and the
 * team's profit/loss per day as a line, on one money axis that includes zero
 * (profit/loss can be negative). For assistive technology it is one image
 * with a title and a description; the exact numbers are the table the page
 * shows with it.
 */
export function TeamChart({
  days,
  currency,
  title,
}: {
  days: TeamChartDay[];
  currency: Currency;
  title: string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const money = (minor: number | string | bigint) =>
    formatMoney(BigInt(minor), currency, i18n.language);
  // Pixels only: a float is precise enough to place a bar; the labels use the exact minor units.
  const valid = days.map((day) => Number(day.validBet));
  const pl = days.map((day) => Number(day.profitLoss));
  const lo = Math.min(0, ...pl);
  let hi = Math.max(0, ...valid, ...pl);
  if (hi === lo) hi = lo + 1;
  const y = (value: number) => MARGIN.top + ((hi - value) / (hi - lo)) * PLOT_H;
  const band = PLOT_W / Math.max(1, days.length);
  const x = (index: number) => MARGIN.left + index * band;
  const labelEvery = Math.max(1, Math.ceil(days.length / MAX_DAY_LABELS));
  const ticks = [
    ...new Set([hi, lo < 0 ? 0 : null, lo].filter((tick): tick is number => tick !== null)),
  ];
  const peak = days.reduce((best, day, index) => (valid[index]! > valid[best]! ? index : best), 0);
  const linePoints = days
    .map((_, index) => `${(x(index) + band / 2).toFixed(1)},${y(pl[index]!).toFixed(1)}`)
    .join(" ");
  const first = days[0]?.day ?? "";
  const last = days[days.length - 1]?.day ?? "";
  const description = t("agentCentre.chart.description", {
    from: first,
    to: last,
    days: days.length,
    peakDay: days[peak]?.day ?? first,
    peak: money(days[peak]?.validBet ?? "0"),
    totalValid: money(days.reduce((sum, day) => sum + BigInt(day.validBet), 0n)),
    totalProfitLoss: money(days.reduce((sum, day) => sum + BigInt(day.profitLoss), 0n)),
  });

  return (
    <figure className="team-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        data-testid="team-chart"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <g className="team-chart-grid" aria-hidden="true">
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={MARGIN.left}
                x2={WIDTH - MARGIN.right}
                y1={y(tick)}
                y2={y(tick)}
                className={tick === 0 ? "team-chart-zero" : undefined}
              />
              <text x={MARGIN.left - 6} y={y(tick)} dy="0.35em" textAnchor="end">
                {money(Math.round(tick))}
              </text>
            </g>
          ))}
        </g>
        <g className="team-chart-bars" aria-hidden="true">
          {days.map((day, index) => {
            const top = y(Math.max(valid[index]!, 0));
            return (
              <rect
                key={day.day}
                x={x(index) + band * 0.15}
                width={band * 0.7}
                y={top}
                height={Math.max(0, y(0) - top)}
              >
                <title>{`${day.day}: ${t("agentCentre.chart.validBet")} ${money(day.validBet)}`}</title>
              </rect>
            );
          })}
        </g>
        <g className="team-chart-line" aria-hidden="true">
          <polyline points={linePoints} />
          {days.map((day, index) => (
            <circle key={day.day} cx={x(index) + band / 2} cy={y(pl[index]!)} r={3}>
              <title>{`${day.day}: ${t("agentCentre.chart.profitLoss")} ${money(day.profitLoss)}`}</title>
            </circle>
          ))}
        </g>
        <g className="team-chart-days" aria-hidden="true">
          {days.map((day, index) =>
            index % labelEvery === 0 ? (
              <text
                key={day.day}
                x={x(index) + band / 2}
                y={HEIGHT - MARGIN.bottom + 18}
                textAnchor="middle"
              >
                {day.day.slice(5)}
              </text>
            ) : null,
          )}
        </g>
      </svg>
      <figcaption className="team-chart-legend">
        <span className="team-chart-key team-chart-key-bar" aria-hidden="true" />{" "}
        {t("agentCentre.chart.validBet")}
        <span className="team-chart-key team-chart-key-line" aria-hidden="true" />{" "}
        {t("agentCentre.chart.profitLoss")}
      </figcaption>
    </figure>
  );
}
