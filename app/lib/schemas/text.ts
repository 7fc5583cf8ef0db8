// What user text may hold, in one place: names refuse what cannot be seen (so two names that look the same cannot
// both exist, nor spoof an entry in a list), and search terms lose what the database cannot take.
// Isomorphic: the forms run these rules in the browser too.

/**
 * Characters that show nothing, or change how their neighbours show: controls (Cc, which includes C1), format
 * characters (Cf: zero-width space and joiners, soft hyphen, bidi overrides and isolates, BOM, tags), line and
 * paragraph separators (Zl, Zp), lone surrogates (Cs) and every other default-ignorable code point (the combining
 * grapheme joiner U+034F, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the Mongolian variation selectors
 * U+180B–U+180F, the variation selectors U+FE00–U+FE0F...).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, "gu");
/** Text or emoji presentation: the one use of a variation selector that a keyboard types ("❤️"). */
const PRESENTATION_SELECTOR = /^[\uFE0E\uFE0F]$/u;
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
const COMBINING_MARK = /^\p{M}/u;

const JOINER = /^[\u200C\u200D]$/u;
const LETTER = /^[\p{L}\p{M}]$/u;
/** Alphabets that never need a joiner: there one only hides a difference. */
const UNJOINED_ALPHABET = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]$/u;
const joinableLetter = (character = "") => LETTER.test(character) && !UNJOINED_ALPHABET.test(character);

/**
 * Invisible characters that writing systems need where they stand: a presentation selector right after an emoji
 * ("❤️"), a zero-width (non-)joiner between two letters of a script that joins (Persian "علی‌رضا", Indic scripts;
 * not Latin, Greek or Cyrillic, where it only hides a difference), and a zero-width joiner
 * inside an emoji sequence ("👩‍💻"). They change how their neighbours join, not what the text says.
 */
function isWritingJoiner(character: string, previous = "", next = ""): boolean {
  if (PRESENTATION_SELECTOR.test(character)) return PICTOGRAPH.test(previous);
  if (!JOINER.test(character)) return false;
  if (joinableLetter(previous) && joinableLetter(next)) return true;
  return character === "\u200D" && PICTOGRAPH.test(previous) && PICTOGRAPH.test(next);
}

/** The character (code point) that starts at `index` of `text`, if any. */
function characterAt(text: string, index: number): string | undefined {
  const codePoint = text.codePointAt(index);
  return codePoint === undefined ? undefined : String.fromCodePoint(codePoint);
}

/** The character (code point) that ends just before `index` of `text`, if any. */
function characterBefore(text: string, index: number): string | undefined {
  const low = text.charCodeAt(index - 1);
  const high = text.charCodeAt(index - 2);
  const pair = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
  return index < 1 ? undefined : text.slice(index - (pair ? 2 : 1), index);
}

/**
 * True when `text` holds a character that cannot be seen, but for the joiners writing systems need. Only the
 * invisible characters are visited, with their neighbours: a long text costs one pass of a regular expression.
 */
export function hasInvisibleCharacters(text: string): boolean {
  for (const { 0: character, index } of text.matchAll(INVISIBLE_ALL)) {
    // An emoji's presentation selector may stand between it and a joiner: "❤️‍🔥".
    const before = characterBefore(text, index);
    const previous = before === "\uFE0F" && character === "\u200D" ? characterBefore(text, index - 1) : before;
    if (!isWritingJoiner(character, previous, characterAt(text, index + character.length))) return true;
  }
  return false;
}

/**
 * The rule of a name (a zod refinement: `.refine(visibleText, ...)`): every character shows, and the text does not
 * start with a combining mark, which would sit on whatever is printed before the name.
 */
export function visibleText(text: string): boolean {
  return !COMBINING_MARK.test(text) && !hasInvisibleCharacters(text);
}

/** `text` without the characters `hasInvisibleCharacters` looks for, emoji presentation selectors included. */
export function withoutInvisibleCharacters(text: string): string {
  return text.replace(INVISIBLE_ALL, "");
}

/** The rule of a multi-line text (a zod refinement): no control character but tab, line feed and carriage return. */
export function plainMultilineText(text: string): boolean {
  return !/[^\P{Cc}\t\n\r]/u.test(text);
}

/**
 * A search term the database can take as typed: tabs and line breaks become spaces, the other controls (C0, DEL,
 * C1: a NUL cuts SQLite's LIKE and FTS5 query strings short) and lone surrogates go.
 */
export function searchableText(text: string): string {
  return text.replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, " ").replace(/[\p{Cc}\p{Cs}]/gu, "");
}
