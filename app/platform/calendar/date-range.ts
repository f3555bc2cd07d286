import { formatTimestamp } from "./datetime";

/**
 * Record pages filter by whole days in the brand's time zone (with date-range
 * presets). Pure: the same code builds the filter on the server and the
 * preset links in the browser. Days are "YYYY-MM-DD" strings; calendar maths
 * runs on UTC dates so it never meets a daylight-saving jump.
 */

/** The default window: the last 7 days ending today. */
export const DEFAULT_RANGE_DAYS = 7;
/**
 * The longest window a record query covers: from the same day a year ago to
 * today, across a leap day too, so a member sees 12 months at once (issue 17).
 * Longer ones are clamped.
 */
export const MAX_RANGE_DAYS = 367;
/** Nothing is older than this; earlier days are nonsense. */
const EARLIEST_DAY = "2000-01-01";

export interface DayRange {
  /** First day, inclusive. */
  from: string;
  /** Last day, inclusive. */
  to: string;
}

export interface DateRange extends DayRange {
  /** Today in the brand's time zone: no window goes past it. */
  today: string;
  /** Instant bounds for queries: [fromStart, toEnd). */
  fromStart: Date;
  toEnd: Date;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A real calendar day ("2024-02-30" is not), or null. */
export function parseDay(text: string | null | undefined): string | null {
  const match = DAY_PATTERN.exec(text ?? "");
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text ? text : null;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted. */
export function dayCount({ from, to }: DayRange): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The wall clock of an instant in a time zone, read off the timestamp format ("yyyy-MM-dd HH:mm:ss"). */
function wallClock(instant: number, timeZone: string) {
  const text = formatTimestamp(new Date(instant).toISOString(), timeZone);
  return {
    day: text.slice(0, 10),
    // The same wall clock read as if it were UTC: its distance from `instant` is the zone's offset.
    asUtc: Date.parse(`${text.replace(" ", "T")}Z`),
  };
}

/** The calendar day of an instant in a time zone. */
export function dayIn(timeZone: string, instant: Date): string {
  return wallClock(instant.getTime(), timeZone).day;
}

/**
 * The first instant of a day in a time zone: its midnight, or, where the
 * clocks jump over midnight (São Paulo used to), the first minute that exists.
 */
export function startOfDay(day: string, timeZone: string): Date {
  const midnightAsUtc = Date.parse(`${day}T00:00:00Z`);
  // Try the offsets in force just before and just after the guess; one of them is the day's.
  const candidates = [midnightAsUtc, midnightAsUtc - DAY_MS / 2, midnightAsUtc + DAY_MS / 2].map(
    (probe) => {
      const offset = wallClock(probe, timeZone).asUtc - probe;
      return midnightAsUtc - offset;
    },
  );
  const onTheDay = candidates.filter((instant) => wallClock(instant, timeZone).day === day);
  return new Date(onTheDay.length ? Math.min(...onTheDay) : candidates[0]!);
}

/** An instant as the wall clock of a time zone, the way a datetime-local input holds it ("YYYY-MM-DDTHH:mm"). */
export function wallClockInput(instant: Date, timeZone: string): string {
  return formatTimestamp(instant.toISOString(), timeZone).replace(" ", "T").slice(0, 16);
}

/**
 * The instant a wall clock ("YYYY-MM-DDTHH:mm", seconds optional) shows in a
 * time zone, or null for anything else. In a daylight-saving gap the clock
 * is read with the offset in force before it.
 */
export function instantOfWallClock(text: string, timeZone: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(text.trim());
  if (!match || !parseDay(match[1])) return null;
  const asUtc = Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4] ?? "00"}Z`);
  // The zone's offset at a first guess, then again at the instant it gives: they differ only next to a clock change.
  const guess = asUtc - (wallClock(asUtc, timeZone).asUtc - asUtc);
  return new Date(asUtc - (wallClock(guess, timeZone).asUtc - guess));
}

/**
 * The window a record page shows, from `?from=&to=`: missing or malformed
 * days give the last 7 days ending today; one day alone gives the 7-day
 * window starting (or ending) there; reversed days are swapped; nothing goes
 * past today or before 2000; a window longer than 367 days keeps its last day
 * and is cut to 367.
 */
export function parseDateRange(
  input: { from?: string | null; to?: string | null },
  timeZone: string,
  now = new Date(),
): DateRange {
  const today = dayIn(timeZone, now);
  let from = parseDay(input.from);
  let to = parseDay(input.to);
  if (!from && !to) to = today;
  if (!from) from = addDays(to!, -(DEFAULT_RANGE_DAYS - 1));
  if (!to) to = addDays(from, DEFAULT_RANGE_DAYS - 1);
  if (to < from) [from, to] = [to, from];
  const clamp = (day: string) => (day > today ? today : day < EARLIEST_DAY ? EARLIEST_DAY : day);
  from = clamp(from);
  to = clamp(to);
  if (dayCount({ from, to }) > MAX_RANGE_DAYS) from = addDays(to, -(MAX_RANGE_DAYS - 1));
  return {
    from,
    to,
    today,
    fromStart: startOfDay(from, timeZone),
    toEnd: startOfDay(addDays(to, 1), timeZone),
  };
}

export type RangePresetKey = "last7" | "last30" | "previous7" | "next7" | "previous30" | "next30";

export interface RangePreset extends DayRange {
  key: RangePresetKey;
  /** The window shown now is this preset. */
  current: boolean;
  /** "Next" when the window already ends today: nothing to move to. */
  disabled: boolean;
}

/**
 * Presets: the last 7 and 30 days, and the current window moved back or
 * forward by 7 or 30 days (its length kept). Moving forward never passes
 * today: the moved window then ends today.
 */
export function rangePresets({ from, to, today }: DayRange & { today: string }): RangePreset[] {
  const length = dayCount({ from, to });
  const last = (days: number): DayRange => ({ from: addDays(today, -(days - 1)), to: today });
  const shift = (days: number): DayRange => {
    const moved = addDays(to, days);
    const end = moved > today ? today : moved;
    return { from: addDays(end, -(length - 1)), to: end };
  };
  const windows: Array<[RangePresetKey, DayRange]> = [
    ["last7", last(7)],
    ["last30", last(30)],
    ["previous7", shift(-7)],
    ["next7", shift(7)],
    ["previous30", shift(-30)],
    ["next30", shift(30)],
  ];
  return windows.map(([key, window]) => ({
    key,
    ...window,
    current: key.startsWith("last") && window.from === from && window.to === to,
    disabled: key.startsWith("next") && to >= today,
  }));
}

/**
 * The query string of a window with the page's other filters kept (type,
 * vendor, …) and the page number dropped: a new window starts at page 1.
 */
export function rangeSearch(search: string | URLSearchParams, range: DayRange): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.set("from", range.from);
  params.set("to", range.to);
  return `?${params.toString()}`;
}
