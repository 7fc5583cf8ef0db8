import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { banSchema, endOfBanDay, firstBanDay } from "./ban";

const DAY_MS = 24 * 60 * 60 * 1000;
const parse = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseWithZod(form, { schema: banSchema });
};
/** The field errors of a refused form. */
const errorsOf = (fields: Record<string, string>) => {
  const parsed = parse(fields);
  return parsed.status === "error" ? parsed.error : null;
};

describe("the ban form", () => {
  it("needs nothing: no reason, no end date is a ban until it is lifted", () => {
    const parsed = parse({});
    expect(parsed.status).toBe("success");
    if (parsed.status === "success") expect(parsed.value).toEqual({ reason: "", until: null });
  });

  it("ends a ban when its day ends, in UTC", () => {
    expect(endOfBanDay("2031-03-12")?.toISOString()).toBe("2031-03-13T00:00:00.000Z");
    expect(endOfBanDay("2031-12-31")?.toISOString()).toBe("2032-01-01T00:00:00.000Z");
    const parsed = parse({ reason: "  Spam  ", until: "2031-03-12" });
    expect(parsed.status).toBe("success");
    if (parsed.status === "success")
      expect(parsed.value).toEqual({ reason: "Spam", until: new Date("2031-03-13T00:00:00.000Z") });
  });

  it("starts the choice at tomorrow: today and the past are refused", () => {
    const now = Date.now();
    expect(firstBanDay(now)).toBe(new Date(now + DAY_MS).toISOString().slice(0, 10));
    expect(parse({ until: firstBanDay() }).status).toBe("success");
    for (const day of [new Date(now).toISOString().slice(0, 10), "2020-01-01"])
      expect(errorsOf({ until: day })).toEqual({ until: ["userAdmin.banUntilPast"] });
  });

  it("refuses garbage and days that do not exist, never moving them", () => {
    for (const day of ["tomorrow", "2031-02-30", "2031-13-01", "31/12/2031", "+275760-01-01", "2031-1-1"]) {
      expect(endOfBanDay(day), day).toBeNull();
      expect(errorsOf({ until: day }), day).toEqual({ until: ["userAdmin.banUntilInvalid"] });
    }
  });

  it("bounds the reason and refuses what cannot be seen", () => {
    expect(parse({ reason: "x".repeat(200) }).status).toBe("success");
    expect(errorsOf({ reason: "x".repeat(201) })).toEqual({ reason: ['validation.tooLong|{"max":200}'] });
    for (const reason of ["line\nbreak", "bidi\u202eoverride", "zero\u200bwidth"])
      expect(errorsOf({ reason }), reason).toEqual({ reason: ["userAdmin.banReasonInvalid"] });
  });
});
