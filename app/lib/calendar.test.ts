import { describe, expect, it } from "vitest";

import { addMonths, calendarText, dayAfterKey, firstDayOfWeek, monthWeeks, parseDay, weekdays } from "./calendar";

describe("the date picker's calendar", () => {
  it("reads only days that exist", () => {
    expect(parseDay("2026-11-30")).toBe("2026-11-30");
    expect(parseDay("2027-02-30")).toBeNull();
    expect(parseDay("")).toBeNull();
    expect(parseDay("30/11/2026")).toBeNull();
  });

  it("keeps the day of the month, or the month's last day", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-03-15", -12)).toBe("2025-03-15");
    expect(addMonths("2026-12-01", 1)).toBe("2027-01-01");
  });

  it("starts the week where each language's region does", () => {
    expect(firstDayOfWeek("en")).toBe(7);
    expect(firstDayOfWeek("fr")).toBe(1);
    expect(firstDayOfWeek("ar")).toBe(6);
    expect(firstDayOfWeek("sw")).toBe(1);
    // 2024-01-06 was a Saturday.
    expect(weekdays(6)[0]).toBe("2024-01-06");
  });

  it("lays a month out in weeks from the first day of the week", () => {
    // November 2026 begins on a Sunday: the first place of a Sunday week, the second of a Saturday one.
    expect(monthWeeks("2026-11-01", 7)[0]).toEqual([
      "2026-11-01",
      "2026-11-02",
      "2026-11-03",
      "2026-11-04",
      "2026-11-05",
      "2026-11-06",
      "2026-11-07",
    ]);
    expect(monthWeeks("2026-11-01", 6)[0]![0]).toBeNull();
    expect(monthWeeks("2026-11-01", 6)[0]![1]).toBe("2026-11-01");
    expect(monthWeeks("2026-11-01", 1).flat().filter(Boolean)).toHaveLength(30);
  });

  it("moves the focus as the APG date picker does, arrows mirrored right to left", () => {
    const ltr = { rtl: false, shift: false, firstDay: 1 };
    expect(dayAfterKey("2026-11-30", "ArrowRight", ltr)).toBe("2026-12-01");
    expect(dayAfterKey("2026-11-30", "ArrowRight", { ...ltr, rtl: true })).toBe("2026-11-29");
    expect(dayAfterKey("2026-11-30", "ArrowLeft", { ...ltr, rtl: true })).toBe("2026-12-01");
    expect(dayAfterKey("2026-11-30", "ArrowUp", ltr)).toBe("2026-11-23");
    expect(dayAfterKey("2026-11-30", "PageDown", ltr)).toBe("2026-12-30");
    expect(dayAfterKey("2026-11-30", "PageUp", { ...ltr, shift: true })).toBe("2025-11-30");
    // 2026-11-26 is a Thursday.
    expect(dayAfterKey("2026-11-26", "Home", ltr)).toBe("2026-11-23");
    expect(dayAfterKey("2026-11-26", "End", ltr)).toBe("2026-11-29");
    expect(dayAfterKey("2026-11-26", "Home", { ...ltr, firstDay: 6 })).toBe("2026-11-21");
    expect(dayAfterKey("2026-11-26", "a", ltr)).toBeNull();
  });
});

describe("the calendar's names", () => {
  it("come from Intl in the page's language, from the first day of its week", () => {
    expect(calendarText("en").month("2026-11-30")).toBe("November 2026");
    expect(calendarText("en").weekdays.map((day) => day.shown)).toEqual([
      "Sun",
      "Mon",
      "Tue",
      "Wed",
      "Thu",
      "Fri",
      "Sat",
    ]);
    expect(calendarText("fr").weekdays[0]!.long).toBe("lundi");
    expect(calendarText("ar").weekdays[0]!.long).toBe("السبت");
    expect(calendarText("sw").month("2026-11-30")).toMatch(/Novemba/);
    expect(calendarText("en").full("2026-11-30")).toBe("Monday, November 30, 2026");
  });
});
