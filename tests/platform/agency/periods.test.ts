import { describe, expect, it } from "vitest";
import { cadenceOf } from "~/platform/agency/periods";
import { periodAt, type Cadence } from "~/platform/calendar/periods";

const KARACHI = "Asia/Karachi"; // UTC+5, no daylight saving
const at = (iso: string) => new Date(iso);

describe("settlement periods (D W H M, hourly, every 5 minutes)", () => {
  it.each<[Cadence, string, string, string]>([
    // Saturday 21 November 2026, 10:07 in Karachi.
    ["D", "2026-11-21T05:07:00Z", "2026-11-20T19:00:00.000Z", "2026-11-21T19:00:00.000Z"],
    // Weeks start on Monday (16 November).
    ["W", "2026-11-21T05:07:00Z", "2026-11-15T19:00:00.000Z", "2026-11-22T19:00:00.000Z"],
    // Semimonthly: the 16th to the month's end …
    ["H", "2026-11-21T05:07:00Z", "2026-11-15T19:00:00.000Z", "2026-11-30T19:00:00.000Z"],
    // … and the 1st to the 15th (the 15th, 23:59 in Karachi, is still the first half).
    ["H", "2026-11-15T18:59:00Z", "2026-10-31T19:00:00.000Z", "2026-11-15T19:00:00.000Z"],
    // Monthly, across a year end.
    ["M", "2026-12-31T20:00:00Z", "2026-12-31T19:00:00.000Z", "2027-01-31T19:00:00.000Z"],
    ["HOUR", "2026-11-21T05:07:00Z", "2026-11-21T05:00:00.000Z", "2026-11-21T06:00:00.000Z"],
    [
      "FIVE_MINUTES",
      "2026-11-21T05:07:00Z",
      "2026-11-21T05:05:00.000Z",
      "2026-11-21T05:10:00.000Z",
    ],
  ])("%s at %s runs from %s to %s", (cadence, instant, start, end) => {
    const period = periodAt(cadence, at(instant), KARACHI);
    expect([period.start.toISOString(), period.end.toISOString()]).toEqual([start, end]);
  });

  it("takes the cadence from the contract's kind (dividends from their period)", () => {
    expect(cadenceOf("DIVIDEND", "M")).toBe("M");
    expect(cadenceOf("DAILY", null)).toBe("D");
    expect(cadenceOf("HOURLY", null)).toBe("HOUR");
    expect(cadenceOf("REALTIME", null)).toBe("FIVE_MINUTES");
  });
});
