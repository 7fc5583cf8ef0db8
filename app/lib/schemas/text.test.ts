import { describe, expect, it } from "vitest";

import {
  hasInvisibleCharacters,
  plainMultilineText,
  searchableText,
  visibleText,
  withoutInvisibleCharacters,
} from "./text";

/** Characters a person cannot see, each between two letters. */
const invisible: Array<[string, string]> = [
  ["NUL", "\u0000"],
  ["a C1 control (NEL)", "\u0085"],
  ["DEL", "\u007f"],
  ["a tab", "\t"],
  ["a soft hyphen", "\u00ad"],
  ["the combining grapheme joiner", "\u034f"],
  ["the Arabic letter mark", "\u061c"],
  ["Hangul choseong filler", "\u115f"],
  ["Hangul jungseong filler", "\u1160"],
  ["a Khmer inherent vowel", "\u17b4"],
  ["Mongolian free variation selector 1", "\u180b"],
  ["the Mongolian vowel separator", "\u180e"],
  ["Mongolian free variation selector 4", "\u180f"],
  ["a zero-width space", "\u200b"],
  ["a zero-width non-joiner", "\u200c"],
  ["a zero-width joiner", "\u200d"],
  ["a left-to-right mark", "\u200e"],
  ["a right-to-left mark", "\u200f"],
  ["a line separator", "\u2028"],
  ["a paragraph separator", "\u2029"],
  ["a left-to-right embedding", "\u202a"],
  ["a right-to-left override", "\u202e"],
  ["a word joiner", "\u2060"],
  ["an invisible plus", "\u2064"],
  ["a first strong isolate", "\u2068"],
  ["Hangul filler", "\u3164"],
  ["variation selector 1", "\ufe00"],
  ["a byte order mark", "\ufeff"],
  ["halfwidth Hangul filler", "\uffa0"],
  ["an interlinear annotation anchor", "\ufff9"],
  ["a tag letter", "\u{e0061}"],
  ["a variation selector supplement", "\u{e0100}"],
  ["a lone high surrogate", "\ud800"],
  ["a lone low surrogate", "\udfff"],
];

describe("hasInvisibleCharacters", () => {
  it.each(invisible)("finds %s", (_, character) => {
    expect(hasInvisibleCharacters(`ab${character}cd`)).toBe(true);
    expect(hasInvisibleCharacters(character)).toBe(true);
    expect(visibleText(`ab${character}cd`)).toBe(false);
  });

  it.each([
    "groundwork",
    "Ada Lovelace-Byron",
    "École",
    "e\u0301cole",
    "Ελληνικά",
    "Кирилл",
    "عربي",
    "日本語",
    "한국어",
    "हिन्दी",
    "🚀 launch",
    "❤️ love",
    "☕︎ tea",
    "100% done_ok",
    "a\u00a0b",
  ])("lets %s through", (text) => {
    expect(hasInvisibleCharacters(text)).toBe(false);
    expect(visibleText(text)).toBe(true);
  });

  it("lets a presentation selector follow an emoji only", () => {
    expect(hasInvisibleCharacters("\u2764\ufe0f")).toBe(false);
    expect(hasInvisibleCharacters("a\ufe0f")).toBe(true);
    expect(hasInvisibleCharacters("1\ufe0f")).toBe(true);
    expect(hasInvisibleCharacters("\ufe0f")).toBe(true);
    expect(hasInvisibleCharacters("\u2764\ufe0f\ufe0f")).toBe(true);
  });
});

describe("the joiners writing systems need", () => {
  it("lets a zero-width (non-)joiner stand between two letters of a script that joins", () => {
    expect(hasInvisibleCharacters("\u0639\u0644\u06cc\u200c\u0631\u0636\u0627")).toBe(false); // Persian "Alireza"
    expect(hasInvisibleCharacters("\u0915\u094d\u200d\u0937")).toBe(false); // Devanagari half form
  });

  it("refuses them between Latin, Greek or Cyrillic letters, at an edge, or beside a space", () => {
    expect(hasInvisibleCharacters("ab\u200ccd")).toBe(true);
    expect(hasInvisibleCharacters("\u03b1\u200d\u03b2")).toBe(true);
    expect(hasInvisibleCharacters("\u0430\u200c\u0431")).toBe(true);
    expect(hasInvisibleCharacters("\u0639\u200c")).toBe(true);
    expect(hasInvisibleCharacters("\u200c\u0639")).toBe(true);
    expect(hasInvisibleCharacters("\u0639 \u200c\u0644")).toBe(true);
  });

  it("lets a zero-width joiner build an emoji sequence, and nothing else", () => {
    expect(hasInvisibleCharacters("\u{1F469}\u200d\u{1F4BB}")).toBe(false); // woman technologist
    expect(hasInvisibleCharacters("\u2764\ufe0f\u200d\u{1F525}")).toBe(false); // heart on fire
    expect(hasInvisibleCharacters("\u{1F469}\u200c\u{1F4BB}")).toBe(true);
    expect(hasInvisibleCharacters("\u{1F469}\u200d")).toBe(true);
  });
});

describe("visibleText", () => {
  it("refuses a leading combining mark, which would sit on the text before it", () => {
    expect(visibleText("\u0301abc")).toBe(false);
    expect(visibleText("\u20ddabc")).toBe(false);
    expect(visibleText("abc\u0301")).toBe(true);
  });
});

describe("withoutInvisibleCharacters", () => {
  it("leaves out what cannot be seen, emoji presentation selectors included", () => {
    expect(withoutInvisibleCharacters("a\u200bb\u00adc\u034fd\u202ee\ufeff\u0000")).toBe("abcde");
    expect(withoutInvisibleCharacters("\u2764\ufe0f")).toBe("\u2764");
    expect(withoutInvisibleCharacters("\ud800x")).toBe("x");
  });
});

describe("plainMultilineText", () => {
  it("takes tabs and line breaks, no other control", () => {
    expect(plainMultilineText("line one\r\nline\ttwo\n")).toBe(true);
    expect(plainMultilineText("a\u0000b")).toBe(false);
    expect(plainMultilineText("a\u0007b")).toBe(false);
    expect(plainMultilineText("a\u0085b")).toBe(false);
    expect(plainMultilineText("a\u007fb")).toBe(false);
  });
});

describe("searchableText", () => {
  it("turns tabs and line breaks into spaces and drops the other controls and lone surrogates", () => {
    expect(searchableText("\u0000abc")).toBe("abc");
    expect(searchableText("a\tb\nc\r\nd")).toBe("a b c  d");
    expect(searchableText("a\u0001\u001f\u007f\u0080\u009fb")).toBe("ab");
    expect(searchableText("a\ud800b\udfff")).toBe("ab");
    expect(searchableText("😀 é \u200b")).toBe("😀 é \u200b");
  });
});
