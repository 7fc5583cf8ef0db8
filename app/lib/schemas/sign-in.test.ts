import { describe, expect, it } from "vitest";

import { loginSchema } from "~/features/sign-in/entity";
import { translator } from "~/lib/dictionaries";
import { formatDuration, languages } from "~/lib/i18n";
import { translateMessage } from "~/lib/validation";
import { onboardingSchema, personNameField, verifySchema } from "./sign-in";

/** The first message each schema gives for an input, or undefined when the input is accepted. */
function messageOf(
  schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: Array<{ message: string }> } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error?.issues[0]?.message;
}

const code = (value: unknown) => messageOf(verifySchema, { email: "ada@example.com", code: value });

describe("sign-in form messages", () => {
  it("asks for an e-mail address", () => {
    expect(messageOf(loginSchema, { email: "" })).toBe("validation.emailRequired");
    expect(messageOf(loginSchema, { email: "   " })).toBe("validation.emailRequired");
    expect(messageOf(loginSchema, {})).toBe("validation.emailRequired");
  });

  it("refuses an address that is not one", () => {
    expect(messageOf(loginSchema, { email: "a@b" })).toBe("validation.emailInvalid");
    expect(messageOf(loginSchema, { email: `${"a".repeat(250)}@example.com` })).toBe("validation.emailInvalid");
    expect(messageOf(loginSchema, { email: " Ada@Example.com " })).toBeUndefined();
  });

  it("checks the code", () => {
    expect(code("")).toBe("validation.codeRequired");
    expect(code(undefined)).toBe("validation.codeRequired");
    expect(code("12345")).toBe("validation.codeLength");
    expect(code("1234567")).toBe("validation.codeLength");
    expect(code("12a456")).toBe("validation.codeInvalid");
    expect(code(" 123456 ")).toBeUndefined();
  });

  it("checks the name given at onboarding", () => {
    expect(messageOf(onboardingSchema, { name: "" })).toBe("validation.nameRequired");
    expect(messageOf(onboardingSchema, {})).toBe("validation.nameRequired");
    expect(messageOf(onboardingSchema, { name: "Ada <script>" })).toBe("validation.nameInvalid");
    expect(messageOf(onboardingSchema, { name: "a".repeat(101) })).toBe('validation.nameTooLong|{"max":100}');
    expect(messageOf(onboardingSchema, { name: "a".repeat(100) })).toBeUndefined();
    expect(messageOf(onboardingSchema, { name: "Ada Lovelace-Byron" })).toBeUndefined();
  });

  it.each([
    ["a zero-width space", "Ada\u200bLovelace"],
    ["a right-to-left override", "\u202eecalevoL adA"],
    ["a soft hyphen", "Ada Love\u00adlace"],
    ["a combining grapheme joiner", "Ada\u034f"],
    ["a byte order mark inside", "Ada\ufeffLovelace"],
    ["a NUL", "Ada\u0000"],
    ["a C1 control", "Ada\u0085Lovelace"],
    ["a Hangul filler", "\u3164"],
    ["a halfwidth Hangul filler", "Ada\uffa0"],
    ["a Mongolian variation selector", "Ada\u180f"],
    ["a lone surrogate", "Ada\udc00"],
    ["a leading combining mark", "\u0301Ada"],
  ])("refuses a person's name with %s", (_, name) => {
    expect(messageOf(onboardingSchema, { name })).toBe("validation.nameInvalid");
  });

  it("keeps a person's name in any script, stored composed (NFC)", () => {
    for (const name of ["Ada Lovelace", "Zoë", "Zoe\u0308", "أحمد", "李小龍", "Ñúñez-O'Brien"])
      expect(messageOf(onboardingSchema, { name }), name).toBeUndefined();
    expect(personNameField.parse(" Zoe\u0308 ")).toBe("Zo\u00eb");
  });

  const keys = [
    "validation.emailRequired",
    "validation.emailInvalid",
    "validation.codeRequired",
    "validation.codeLength",
    "validation.codeInvalid",
    "validation.nameRequired",
    "validation.nameInvalid",
  ];

  it.each(languages)("says every message in %s", (language) => {
    const t = translator(language);
    const fallback = t("validation.invalidInput");
    for (const key of keys) {
      const text = translateMessage(t, key);
      expect(text, key).not.toBe("");
      expect(text, key).not.toBe(key);
      expect(text, key).not.toBe(fallback);
    }
    const tooLong = translateMessage(t, messageOf(onboardingSchema, { name: "a".repeat(101) })!);
    expect(tooLong).toContain("100");
    expect(tooLong).not.toContain("{{max}}");
  });

  it("says durations in each language", () => {
    expect(formatDuration(300, "en")).toBe("5 minutes");
    expect(formatDuration(30, "en")).toBe("30 seconds");
    expect(formatDuration(30, "fr")).toMatch(/^30\ssecondes$/);
    for (const language of ["fr", "ar", "sw"]) expect(formatDuration(300, language)).toMatch(/[5٥]/);
    for (const language of ["ar", "sw"]) expect(formatDuration(300, language)).not.toBe(formatDuration(300, "en"));
  });
});
