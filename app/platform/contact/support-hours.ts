import { addDays, dayIn, instantOfWallClock } from "../calendar/date-range";
import type { BrandConfig } from "../system/brand-config.server";

export type SupportHours = BrandConfig["support"];

const clockOf = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(instant);

const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/**
 * Whether operators answer now (the brand's days and hours, read on the
 * brand's wall clock) and, when not, the next instant they do. A member may
 * write at any time; this only says when someone will read it.
 */
export function supportHoursAt(hours: SupportHours, timeZone: string, now: Date) {
  const today = dayIn(timeZone, now);
  const clock = clockOf(now, timeZone);
  const open = hours.days.includes(weekdayOf(today)) && clock >= hours.from && clock < hours.to;
  if (open) return { open: true as const, opensAt: null };
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    const day = addDays(today, ahead);
    if (!hours.days.includes(weekdayOf(day))) continue;
    const opensAt = instantOfWallClock(`${day}T${hours.from}`, timeZone);
    if (opensAt && opensAt > now) return { open: false as const, opensAt };
  }
  return { open: false as const, opensAt: null };
}
