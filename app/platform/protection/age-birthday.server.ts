import { dayIn, parseDay } from "../calendar/date-range";

/** The registration agreement: members are 18 or older. */
export const ADULT_AGE = 18;
export const EARLIEST_BIRTHDAY = "1900-01-01";

/**
 * The latest birthday of an adult today in the brand's time zone: someone
 * born on 29 February is adult on 1 March of a common year, so the day is
 * computed by rolling a UTC date rather than by editing the year.
 */
export function latestAdultBirthday(timeZone: string, now = new Date()): string {
  const today = dayIn(timeZone, now);
  const [year, month, day] = [today.slice(0, 4), today.slice(5, 7), today.slice(8)].map(Number);
  return new Date(Date.UTC(year! - ADULT_AGE, month! - 1, day)).toISOString().slice(0, 10);
}

/** Whole years between a birthday and today in the brand's time zone. */
export function ageOn(birthday: string, timeZone: string, now = new Date()): number {
  const today = dayIn(timeZone, now);
  const years = Number(today.slice(0, 4)) - Number(birthday.slice(0, 4));
  return today.slice(5) < birthday.slice(5) ? years - 1 : years;
}

export type BirthdayProblem = "birthday_invalid" | "birthday_underage";

/** Why a typed birthday is refused: not a real day from 1900 on, or a member under 18 today. */
export function birthdayProblem(
  value: string,
  timeZone: string,
  now = new Date(),
): BirthdayProblem | null {
  const day = parseDay(value);
  if (!day || day < EARLIEST_BIRTHDAY) return "birthday_invalid";
  return day <= latestAdultBirthday(timeZone, now) ? null : "birthday_underage";
}
