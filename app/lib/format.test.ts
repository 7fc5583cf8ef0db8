import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { formatters, zonedDateTime } from "./format";

describe("formatters", () => {
  it("formats in the language asked, in UTC", () => {
    const at = Date.UTC(2026, 0, 2, 23, 4);
    expect(formatters("en").date(at)).toBe("January 2, 2026");
    expect(formatters("fr").date(at)).toBe("2 janvier 2026");
    expect(formatters("en").mediumDate(at)).toBe("Jan 2, 2026");
    expect(formatters("fr").dayAndMonth(at)).toBe("2 janv.");
    expect(formatters("en").dateTime(at)).toBe("Jan 2, 2026, 11:04 PM UTC");
    expect(formatters("en").number(1234567)).toBe("1,234,567");
    expect(formatters("fr").number(1234567)).toMatch(/^1\s234\s567$/u);
    expect(formatters("en").hours(24)).toBe("24 hours");
    expect(formatters("en").hours(1)).toBe("1 hour");
  });

  it("makes one set per language and hands the same one out again", () => {
    expect(formatters("ar")).toBe(formatters("ar"));
    expect(formatters("sw")).not.toBe(formatters("en"));
  });

  it("does not depend on the process's time zone: the server and the browser write the same text", () => {
    const zone = process.env.TZ;
    const at = Date.UTC(2026, 0, 2, 23, 4);
    try {
      process.env.TZ = "Pacific/Kiritimati"; // UTC+14: a day later
      // A language no other test asked for: its formatters are made now, under this zone.
      expect(formatters("en-GB").mediumDate(at)).toBe("2 Jan 2026");
      expect(formatters("en-GB").dayAndMonth(at)).toBe("2 Jan");
      expect(formatters("en-GB").date(at)).toBe("2 January 2026");
      expect(formatters("en-GB").dateTime(at)).toBe("2 Jan 2026, 23:04 UTC");
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe("zonedDateTime", () => {
  it("writes a time in the zone asked, whatever the zones asked before", () => {
    const at = Date.UTC(2026, 0, 2, 15, 4, 5);
    expect(zonedDateTime("en", "Europe/Paris")(at)).toBe("Jan 2, 2026, 4:04:05 PM");
    expect(zonedDateTime("en", "UTC")(at)).toBe("Jan 2, 2026, 3:04:05 PM");
    expect(zonedDateTime("fr", "Asia/Tokyo")(at)).toBe("3 janv. 2026, 00:04:05");
    // Past the bound, the formatters are made again, with the same answers.
    const zones = Intl.supportedValuesOf("timeZone").slice(0, 100);
    for (const zone of zones) zonedDateTime("en", zone)(at);
    expect(zonedDateTime("en", "Europe/Paris")(at)).toBe("Jan 2, 2026, 4:04:05 PM");
  });
});

/** The app's source files, tests left out. */
function sources(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("Intl formatters", () => {
  // Building one per render cost the user list 7 % and the dashboard 15 % of their time, and one written without a
  // time zone broke hydration (ADR 016, ADR 026). Pages and components use `useFormat()` or `zonedDateTime`.
  it("are built only in app/lib, never in a page or a component", () => {
    const building = [...sources("app/components"), ...sources("app/routes"), ...sources("app/.server")].filter(
      (path) =>
        /\bIntl\.(DateTimeFormat|NumberFormat|RelativeTimeFormat|ListFormat|PluralRules)\(/.test(
          readFileSync(path, "utf8"),
        ),
    );
    expect(building).toEqual([]);
  });
});
