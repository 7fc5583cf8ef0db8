import { describe, expect, it } from "vitest";

import { isCalendarDay, isTimeZone, nextCalendarDay, startOfDayIn } from "./time-zone";

describe("calendar days in a time zone", () => {
  it("starts a day at its midnight in the zone, daylight saving or not", () => {
    expect(startOfDayIn("2026-01-15", "UTC").toISOString()).toBe("2026-01-15T00:00:00.000Z");
    expect(startOfDayIn("2026-01-15", "Europe/Paris").toISOString()).toBe("2026-01-14T23:00:00.000Z");
    expect(startOfDayIn("2026-07-15", "Europe/Paris").toISOString()).toBe("2026-07-14T22:00:00.000Z");
    expect(startOfDayIn("2026-07-15", "America/New_York").toISOString()).toBe("2026-07-15T04:00:00.000Z");
    expect(startOfDayIn("2026-03-10", "Asia/Kolkata").toISOString()).toBe("2026-03-09T18:30:00.000Z");
    expect(startOfDayIn("2026-03-10", "Pacific/Kiritimati").toISOString()).toBe("2026-03-09T10:00:00.000Z");
    // The days the clocks change: the day begins before the change.
    expect(startOfDayIn("2026-03-29", "Europe/Paris").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(startOfDayIn("2026-10-25", "Europe/Paris").toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(startOfDayIn("2026-03-30", "Europe/Paris").toISOString()).toBe("2026-03-29T22:00:00.000Z");
  });

  it("answers the same after more zones than it keeps clocks for", () => {
    for (const zone of Intl.supportedValuesOf("timeZone").slice(0, 150)) expect(isTimeZone(zone)).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(startOfDayIn("2026-07-15", "America/New_York").toISOString()).toBe("2026-07-15T04:00:00.000Z");
    expect(startOfDayIn("2026-01-15", "Europe/Paris").toISOString()).toBe("2026-01-14T23:00:00.000Z");
  });

  it("finds the first moment of a day whose midnight the clock skips", () => {
    // Santiago moves from 00:00 to 01:00 on 6 September 2026: that day begins at 01:00 (04:00 UTC).
    expect(startOfDayIn("2026-09-06", "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(startOfDayIn("2026-09-07", "America/Santiago").toISOString()).toBe("2026-09-07T03:00:00.000Z");
    expect(startOfDayIn("2026-09-05", "America/Santiago").toISOString()).toBe("2026-09-05T04:00:00.000Z");
  });

  it("reads days as a date field sends them, and nothing else", () => {
    expect(isCalendarDay("2026-02-28")).toBe(true);
    expect(isCalendarDay("2028-02-29")).toBe(true);
    for (const value of [
      "2026-02-30",
      "2026-13-01",
      "26-01-01",
      "2026-1-1",
      "0999-01-01",
      "2026-01-01T00:00",
      "",
      null,
    ])
      expect(isCalendarDay(value)).toBe(false);
    expect(nextCalendarDay("2026-02-28")).toBe("2026-03-01");
    expect(nextCalendarDay("2026-12-31")).toBe("2027-01-01");
  });

  it("knows the zones of the runtime", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    for (const value of ["Mars/Olympus", "", "x".repeat(100), 42, undefined]) expect(isTimeZone(value)).toBe(false);
  });
});
