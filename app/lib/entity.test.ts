// The field rules every generated entity shares (ADR 045), read through a form the way the action reads it.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { defineEntity } from "./entity";

const things = defineEntity("things", {
  name: { type: "text" },
  notes: { type: "longtext", optional: true },
  site: { type: "url", optional: true },
  weight: { type: "number" },
  sold: { type: "boolean" },
  since: { type: "date", optional: true },
});

function submit(values: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  return parseWithZod(form, { schema: things.schema });
}

const errorsOf = (values: Record<string, string>) => {
  const result = submit(values);
  return result.status === "success" ? {} : result.error;
};

describe("an entity's fields", () => {
  it("turn a form into values: empty optional fields are null, an unchecked box false, a number a number", () => {
    const result = submit({ name: " Café ", weight: "2.5" });
    expect(result.status === "success" && result.value).toEqual({
      name: "Café",
      weight: 2.5,
      sold: false,
    });
    const full = submit({
      name: "x",
      notes: "a\nb",
      site: "https://e.com",
      weight: "0",
      sold: "on",
      since: "2026-02-28",
    });
    expect(full.status === "success" && full.value).toMatchObject({ notes: "a\nb", sold: true, since: "2026-02-28" });
  });

  it("refuse what they cannot store, each with its message", () => {
    expect(errorsOf({})).toEqual({ name: ["validation.required"], weight: ["validation.required"] });
    expect(errorsOf({ name: "x", weight: "heavy" })).toEqual({ weight: ["validation.number"] });
    expect(errorsOf({ name: "x", weight: "1", site: "javascript:alert(1)" })).toEqual({
      site: ["validation.webAddress"],
    });
    expect(errorsOf({ name: "x", weight: "1", site: "ftp://e.com" })).toEqual({ site: ["validation.webAddress"] });
    expect(errorsOf({ name: "x", weight: "1", since: "2026-02-30" })).toEqual({ since: ["validation.date"] });
    expect(errorsOf({ name: "a\u200Bb", weight: "1" })).toEqual({ name: ["validation.invalidInput"] });
    expect(errorsOf({ name: "x".repeat(201), weight: "1" })).toEqual({ name: ['validation.tooLong|{"max":200}'] });
    expect(errorsOf({ name: "x", weight: "1", notes: "a\u0000b" })).toEqual({ notes: ["validation.invalidInput"] });
  });

  it("need a text field to name an entry", () => {
    expect(() => defineEntity("counts", { value: { type: "number" } })).toThrow(/text field/);
  });
});
