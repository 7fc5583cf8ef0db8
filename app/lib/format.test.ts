import { describe, expect, it } from "vitest";

import { formatters } from "./format";

describe("formatters", () => {
  it("formats in the language asked, in UTC", () => {
    const at = Date.UTC(2026, 0, 2, 15, 4);
    expect(formatters("en").date(at)).toBe("January 2, 2026");
    expect(formatters("fr").date(at)).toBe("2 janvier 2026");
    expect(formatters("en").dateTime(at)).toContain("UTC");
    expect(formatters("en").number(1234567)).toBe("1,234,567");
    expect(formatters("fr").number(1234567)).toMatch(/^1\s234\s567$/u);
  });

  it("makes one set per language and hands the same one out again", () => {
    expect(formatters("ar")).toBe(formatters("ar"));
    expect(formatters("sw")).not.toBe(formatters("en"));
  });
});
