import { describe, expect, test } from "vitest";
import {
  addDays,
  dayIn,
  parseDateRange,
  parseDay,
  rangePresets,
  rangeSearch,
  startOfDay,
} from "~/platform/calendar/date-range";

const KARACHI = "Asia/Karachi"; // UTC+5, no daylight saving
// 10:00 on 2024-03-20 in Karachi.
const now = new Date("2024-03-20T05:00:00Z");

describe("parseDateRange", () => {
  test("no filter: the last 7 days ending today, as instants of the brand's midnights", () => {
    const range = parseDateRange({}, KARACHI, now);
    expect(range).toMatchObject({ from: "2024-03-14", to: "2024-03-20", today: "2024-03-20" });
    expect(range.fromStart.toISOString()).toBe("2024-03-13T19:00:00.000Z");
    expect(range.toEnd.toISOString()).toBe("2024-03-20T19:00:00.000Z");
  });

  test("today is the brand's today, not the server's", () => {
    // 20:30 UTC on the 19th is already the 20th in Karachi, and still the 19th in New York.
    const late = new Date("2024-03-19T20:30:00Z");
    expect(parseDateRange({}, KARACHI, late).today).toBe("2024-03-20");
    expect(parseDateRange({}, "America/New_York", late).today).toBe("2024-03-19");
  });

  test("a given window is kept; reversed days are swapped", () => {
    expect(parseDateRange({ from: "2024-03-01", to: "2024-03-05" }, KARACHI, now)).toMatchObject({
      from: "2024-03-01",
      to: "2024-03-05",
    });
    expect(parseDateRange({ from: "2024-03-05", to: "2024-03-01" }, KARACHI, now)).toMatchObject({
      from: "2024-03-01",
      to: "2024-03-05",
    });
  });

  test("nonsense is refused: malformed or impossible days give the default, one day alone a 7-day window", () => {
    for (const from of ["2024-02-30", "yesterday", "2024-3-1", "", null]) {
      expect(parseDateRange({ from, to: "garbage" }, KARACHI, now)).toMatchObject({
        from: "2024-03-14",
        to: "2024-03-20",
      });
    }
    expect(parseDateRange({ from: "2024-03-01" }, KARACHI, now)).toMatchObject({
      from: "2024-03-01",
      to: "2024-03-07",
    });
    expect(parseDateRange({ to: "2024-03-10" }, KARACHI, now)).toMatchObject({
      from: "2024-03-04",
      to: "2024-03-10",
    });
  });

  test("clamped: never past today, never before 2000, never longer than 367 days (the last day is kept)", () => {
    expect(parseDateRange({ from: "2024-03-18", to: "2030-01-01" }, KARACHI, now)).toMatchObject({
      from: "2024-03-18",
      to: "2024-03-20",
    });
    expect(parseDateRange({ from: "2025-01-01", to: "2025-01-09" }, KARACHI, now)).toMatchObject({
      from: "2024-03-20",
      to: "2024-03-20",
    });
    const long = parseDateRange({ from: "1999-01-01", to: "2024-03-20" }, KARACHI, now);
    expect(long).toMatchObject({ from: "2023-03-20", to: "2024-03-20" });
    expect((long.toEnd.getTime() - long.fromStart.getTime()) / 86_400_000).toBe(367);
    // Issue 17: a member can look back 12 months, to the same day a year ago, in one window.
    expect(parseDateRange({ from: "2023-03-20", to: "2024-03-20" }, KARACHI, now)).toMatchObject({
      from: "2023-03-20",
      to: "2024-03-20",
    });
    expect(parseDateRange({ from: "2023-06-01", to: "2024-01-31" }, KARACHI, now)).toMatchObject({
      from: "2023-06-01",
      to: "2024-01-31",
    });
  });
});

describe("time zone edges", () => {
  test("a day starts at the zone's midnight on either side of UTC", () => {
    expect(startOfDay("2024-03-10", KARACHI).toISOString()).toBe("2024-03-09T19:00:00.000Z");
    expect(startOfDay("2024-03-10", "UTC").toISOString()).toBe("2024-03-10T00:00:00.000Z");
    expect(startOfDay("2024-01-01", "Pacific/Kiritimati").toISOString()).toBe(
      "2023-12-31T10:00:00.000Z",
    );
    expect(startOfDay("2024-01-01", "Pacific/Pago_Pago").toISOString()).toBe(
      "2024-01-01T11:00:00.000Z",
    );
  });

  test("daylight saving: a 23-hour day and a 25-hour day", () => {
    // New York springs forward on 2024-03-10 and falls back on 2024-11-03.
    const spring = parseDateRange(
      { from: "2024-03-10", to: "2024-03-10" },
      "America/New_York",
      new Date("2024-12-01T00:00:00Z"),
    );
    expect(spring.fromStart.toISOString()).toBe("2024-03-10T05:00:00.000Z");
    expect(spring.toEnd.getTime() - spring.fromStart.getTime()).toBe(23 * 3_600_000);
    const autumn = parseDateRange(
      { from: "2024-11-03", to: "2024-11-03" },
      "America/New_York",
      new Date("2024-12-01T00:00:00Z"),
    );
    expect(autumn.toEnd.getTime() - autumn.fromStart.getTime()).toBe(25 * 3_600_000);
  });

  test("where the clocks jumped over midnight, the day starts at the first minute that existed", () => {
    // São Paulo, 2018-11-04: 00:00 (UTC-3) became 01:00 (UTC-2).
    expect(startOfDay("2018-11-04", "America/Sao_Paulo").toISOString()).toBe(
      "2018-11-04T03:00:00.000Z",
    );
    // 2019-02-17: midnight (UTC-2) went back to 23:00 of the 16th; the 17th began at 00:00 UTC-3.
    expect(startOfDay("2019-02-17", "America/Sao_Paulo").toISOString()).toBe(
      "2019-02-17T03:00:00.000Z",
    );
    expect(startOfDay("2019-02-16", "America/Sao_Paulo").toISOString()).toBe(
      "2019-02-16T02:00:00.000Z",
    );
  });

  test("dayIn reads the calendar day of an instant in the zone", () => {
    expect(dayIn(KARACHI, new Date("2024-03-09T18:59:59Z"))).toBe("2024-03-09");
    expect(dayIn(KARACHI, new Date("2024-03-09T19:00:00Z"))).toBe("2024-03-10");
  });
});

describe("presets", () => {
  const keyed = (presets: ReturnType<typeof rangePresets>) =>
    Object.fromEntries(presets.map((preset) => [preset.key, preset]));

  test("the last 7 and 30 days end today; the default window is the current last-7 preset", () => {
    const presets = keyed(
      rangePresets({ from: "2024-03-14", to: "2024-03-20", today: "2024-03-20" }),
    );
    expect(presets.last7).toMatchObject({ from: "2024-03-14", to: "2024-03-20", current: true });
    expect(presets.last30).toMatchObject({ from: "2024-02-20", to: "2024-03-20", current: false });
  });

  test("previous and next move the current window by 7 or 30 days and keep its length", () => {
    const presets = keyed(
      rangePresets({ from: "2024-02-01", to: "2024-02-10", today: "2024-03-20" }),
    );
    expect(presets.previous7).toMatchObject({
      from: "2024-01-25",
      to: "2024-02-03",
      disabled: false,
    });
    expect(presets.next7).toMatchObject({ from: "2024-02-08", to: "2024-02-17", disabled: false });
    expect(presets.previous30).toMatchObject({ from: "2024-01-02", to: "2024-01-11" });
    expect(presets.next30).toMatchObject({ from: "2024-03-02", to: "2024-03-11" });
  });

  test("next never goes past today: it stops at today, and is disabled when the window already ends today", () => {
    const near = keyed(rangePresets({ from: "2024-03-10", to: "2024-03-16", today: "2024-03-20" }));
    expect(near.next7).toMatchObject({ from: "2024-03-14", to: "2024-03-20", disabled: false });
    expect(near.next30).toMatchObject({ from: "2024-03-14", to: "2024-03-20", disabled: false });
    const atToday = keyed(
      rangePresets({ from: "2024-03-14", to: "2024-03-20", today: "2024-03-20" }),
    );
    expect(atToday.next7!.disabled).toBe(true);
    expect(atToday.next30!.disabled).toBe(true);
    expect(atToday.previous7!.disabled).toBe(false);
  });

  test("a preset link keeps the other filters and drops the page", () => {
    expect(
      rangeSearch("?type=deposit&page=3&from=2024-01-01&to=2024-01-07", {
        from: "2024-03-14",
        to: "2024-03-20",
      }),
    ).toBe("?type=deposit&from=2024-03-14&to=2024-03-20");
  });
});

test("day helpers: real calendar days only; adding days crosses months and leap days", () => {
  expect(parseDay("2024-02-29")).toBe("2024-02-29");
  expect(parseDay("2023-02-29")).toBeNull();
  expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
  expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
  expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
});
