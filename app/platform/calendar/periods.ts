import { addDays, dayIn, startOfDay } from "./date-range";

/**
 * Periods that repeat on a calendar: daily (D), weekly from Monday (W),
 * semimonthly, 1st–15th and 16th–end (H), and monthly (M), in the brand's
 * time zone; and fixed lengths, the same everywhere: an hour, five minutes.
 * Agent contracts settle by them and promotions repeat by them.
 */
export type CalendarCadence = "D" | "W" | "H" | "M";
export type Cadence = CalendarCadence | "HOUR" | "FIVE_MINUTES";

const REALTIME_MINUTES = 5;

export interface Period {
  start: Date;
  end: Date;
}

const MINUTE = 60_000;

function fixed(instant: Date, length: number): Period {
  const start = Math.floor(instant.getTime() / length) * length;
  return { start: new Date(start), end: new Date(start + length) };
}

function firstDayOfMonth(day: string) {
  return `${day.slice(0, 8)}01`;
}

function nextMonth(day: string) {
  const [year, month] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
  return `${next}-01`;
}

/** The calendar days [first, afterLast) of the period holding `day`. */
function calendarDays(cadence: CalendarCadence, day: string): [string, string] {
  switch (cadence) {
    case "D":
      return [day, addDays(day, 1)];
    case "W": {
      // 0 = Monday.
      const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
      const monday = addDays(day, -weekday);
      return [monday, addDays(monday, 7)];
    }
    case "H": {
      const first = firstDayOfMonth(day);
      const sixteenth = `${day.slice(0, 8)}16`;
      return day < sixteenth ? [first, sixteenth] : [sixteenth, nextMonth(day)];
    }
    case "M":
      return [firstDayOfMonth(day), nextMonth(day)];
  }
}

/** The period of `cadence` that holds `instant`. */
export function periodAt(cadence: Cadence, instant: Date, timeZone: string): Period {
  if (cadence === "HOUR") return fixed(instant, 60 * MINUTE);
  if (cadence === "FIVE_MINUTES") return fixed(instant, REALTIME_MINUTES * MINUTE);
  const [first, afterLast] = calendarDays(cadence, dayIn(timeZone, instant));
  return { start: startOfDay(first, timeZone), end: startOfDay(afterLast, timeZone) };
}
