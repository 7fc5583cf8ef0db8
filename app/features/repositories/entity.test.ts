import { describe, expect, it } from "vitest";

import { translator } from "~/lib/dictionaries";
import { languages } from "~/lib/i18n";
import { translateMessage } from "~/lib/validation";
import { repositoryHref, repositoryNameKey, repositorySchema } from "./entity";

const valid = { name: "groundwork", link: "github.com/groundwork-starter/groundwork", description: "A starter." };

/** The first message the schema gives for a field, or undefined when the form is accepted. */
function messageOf(overrides: Record<string, unknown>) {
  const result = repositorySchema.safeParse({ ...valid, ...overrides });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("repository form messages", () => {
  it("asks for a name", () => {
    expect(messageOf({ name: "" })).toBe("validation.nameRequired");
    expect(messageOf({ name: "   " })).toBe("validation.nameRequired");
    expect(messageOf({ name: undefined })).toBe("validation.nameRequired");
  });

  it("asks for a link of at least 4 characters with a dot", () => {
    expect(messageOf({ link: "" })).toBe("validation.linkRequired");
    expect(messageOf({ link: undefined })).toBe("validation.linkRequired");
    expect(messageOf({ link: "a.b" })).toBe('validation.linkTooShort|{"min":4}');
    expect(messageOf({ link: "abcd" })).toBe("validation.linkNoDot");
    expect(messageOf({ link: "a.bc" })).toBeUndefined();
  });

  it("takes a description of at most 1000 characters", () => {
    expect(messageOf({ description: "a".repeat(1001) })).toBe('validation.tooLong|{"max":1000}');
    expect(messageOf({ description: "a".repeat(1000) })).toBeUndefined();
  });

  // Names that look like another name, or like nothing: refused, so they cannot pass the unique check and spoof a
  // repository in the lists (./text.ts).
  it.each([
    ["a zero-width space", "ground\u200bwork"],
    ["a right-to-left override", "\u202ekrowdnuorg"],
    ["a soft hyphen", "ground\u00adwork"],
    ["a combining grapheme joiner", "ground\u034fwork"],
    ["a byte order mark inside", "ground\ufeffwork"],
    ["a NUL", "ground\u0000work"],
    ["a C1 control", "ground\u0085work"],
    ["a zero-width joiner", "ground\u200dwork"],
    ["a word joiner", "ground\u2060work"],
    ["a Hangul filler", "ground\u3164work"],
    ["a halfwidth Hangul filler", "\uffa0"],
    ["a Hangul choseong filler", "ground\u115fwork"],
    ["a Hangul jungseong filler", "ground\u1160work"],
    ["a Mongolian variation selector", "ground\u180bwork"],
    ["the Mongolian vowel separator", "ground\u180ework"],
    ["a variation selector", "ground\ufe00work"],
    ["a line separator", "ground\u2028work"],
    ["a lone surrogate", "ground\ud800work"],
    ["a leading combining mark", "\u0301groundwork"],
    ["only a zero-width space", "\u200b"],
  ])("refuses a name with %s", (_, name) => {
    expect(messageOf({ name })).toBe("validation.nameInvalid");
  });

  it("keeps names in any script, with accents, emoji and their presentation selector", () => {
    for (const name of ["École", "e\u0301cole", "عربي", "日本語", "Ελληνικά", "🚀 launcher", "\u2764\ufe0f-lib", "a b"])
      expect(messageOf({ name }), name).toBeUndefined();
  });

  it("stores the name composed (NFC)", () => {
    expect(repositorySchema.parse({ ...valid, name: " E\u0301cole " }).name).toBe("\u00c9cole");
  });

  it("refuses a link with invisible or direction-changing characters", () => {
    expect(messageOf({ link: "github.com/a/\u202eb" })).toBe("validation.invalidInput");
    expect(messageOf({ link: "github.com/a\u200b/b" })).toBe("validation.invalidInput");
    expect(messageOf({ link: "github.com/a\u2066b" })).toBe("validation.invalidInput");
    expect(messageOf({ link: "github.com/a\u0000b" })).toBe("validation.invalidInput");
  });

  it("refuses control characters in the description, but not tabs and line breaks", () => {
    expect(messageOf({ description: "A\u0000B" })).toBe("validation.invalidInput");
    expect(messageOf({ description: "A\u0007B" })).toBe("validation.invalidInput");
    expect(messageOf({ description: "A\u009bB" })).toBe("validation.invalidInput");
    expect(messageOf({ description: "Line one\r\nLine\ttwo\nThree" })).toBeUndefined();
  });

  it("accepts a valid form, trimmed, with the description defaulting to empty", () => {
    expect(repositorySchema.parse({ name: " groundwork ", link: " github.com/a/b " })).toEqual({
      name: "groundwork",
      link: "github.com/a/b",
      description: "",
    });
    expect(repositorySchema.parse(valid)).toEqual(valid);
  });

  const messages = [
    "validation.nameRequired",
    "validation.nameInvalid",
    "validation.repositoryNameUsed",
    "validation.linkRequired",
    messageOf({ link: "a.b" })!,
    "validation.linkNoDot",
    messageOf({ description: "a".repeat(1001) })!,
  ];

  it.each(languages)("says every message in %s", (language) => {
    const t = translator(language);
    const fallback = t("validation.invalidInput");
    for (const value of messages) {
      const text = translateMessage(t, value);
      const key = value.split("|")[0]!;
      expect(text, value).not.toBe("");
      expect(text, value).not.toBe(key);
      expect(text, value).not.toBe(fallback);
      expect(text, value).not.toMatch(/\{\{|\}\}/);
    }
    expect(translateMessage(t, messageOf({ link: "a.b" })!)).toMatch(/4|٤/);
    expect(translateMessage(t, messageOf({ description: "a".repeat(1001) })!)).toMatch(/1000|١٠٠٠/);
  });

  it("says the spec's exact words in English", () => {
    const t = translator("en");
    expect(translateMessage(t, messageOf({ name: "" })!)).toBe("Name is required");
    expect(translateMessage(t, "validation.repositoryNameUsed")).toBe("Name already used");
    expect(translateMessage(t, messageOf({ link: "" })!)).toBe("Link is required");
    expect(translateMessage(t, messageOf({ link: "a.b" })!)).toBe("Invalid link, must be at least 4 characters");
    expect(translateMessage(t, messageOf({ link: "abcd" })!)).toBe("Invalid link, must contain at least a dot");
    expect(translateMessage(t, messageOf({ description: "a".repeat(1001) })!)).toBe("Must be at most 1000 characters");
  });
});

describe("repositoryHref", () => {
  it("shows a link without a scheme as https", () => {
    expect(repositoryHref("github.com/a/b")).toBe("https://github.com/a/b");
  });

  it("keeps http(s) links", () => {
    expect(repositoryHref("http://x.y")).toBe("http://x.y/");
    expect(repositoryHref("https://github.com/a/b")).toBe("https://github.com/a/b");
  });

  it("never makes other schemes clickable", () => {
    expect(repositoryHref("javascript:alert(1)")).toBeNull();
    expect(repositoryHref("JavaScript:alert(1)")).toBeNull();
    expect(repositoryHref("data:text/html,x")).toBeNull();
    expect(repositoryHref("ftp://x.y")).toBeNull();
  });
});

describe("repositoryNameKey", () => {
  it("folds case, also beyond ASCII", () => {
    expect(repositoryNameKey("React-Router")).toBe(repositoryNameKey("react-router"));
    expect(repositoryNameKey("École")).toBe(repositoryNameKey("école"));
    expect(repositoryNameKey("ÉCOLE")).toBe(repositoryNameKey("école"));
  });

  it("compares composed and decomposed accents as one", () => {
    expect(repositoryNameKey("E\u0301cole")).toBe(repositoryNameKey("\u00e9cole"));
  });

  it("keeps different names apart", () => {
    expect(repositoryNameKey("ecole")).not.toBe(repositoryNameKey("école"));
    expect(repositoryNameKey("ground work")).not.toBe(repositoryNameKey("groundwork"));
  });

  it("leaves out characters that cannot be seen, also between a letter and its accent", () => {
    const key = repositoryNameKey("groundwork");
    for (const hidden of [
      "\u200b",
      "\u202e",
      "\u00ad",
      "\u034f",
      "\ufeff",
      "\u0000",
      "\u2060",
      "\u3164",
      "\u180b",
      "\ud800",
    ]) {
      expect(repositoryNameKey(`ground${hidden}work`), JSON.stringify(hidden)).toBe(key);
    }
    expect(repositoryNameKey("e\u034f\u0301cole")).toBe(repositoryNameKey("\u00e9cole"));
    expect(repositoryNameKey("\u2764\ufe0f-lib")).toBe(repositoryNameKey("\u2764-lib"));
  });

  it("folds compatibility forms", () => {
    expect(repositoryNameKey("ｇｒｏｕｎｄｗｏｒｋ")).toBe(repositoryNameKey("groundwork"));
    expect(repositoryNameKey("ﬁle")).toBe(repositoryNameKey("file"));
  });
});
