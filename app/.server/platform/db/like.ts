// What a person types, as a LIKE pattern: one place for the escaping and for the letters SQLite does not fold.

/** "Contains the term": `%`, `_` and `\` typed by a person are matched literally (with `escape '\'`). */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * SQLite's LIKE folds ASCII letters only: for a term with other letters ("é", "Øs") each spelling of them in either
 * case is tried, as long as there are at most `most` (Arabic letters have no case: one spelling). Null beyond that.
 */
export function caseVariants(term: string, most = Infinity): string[] | null {
  let variants = [""];
  for (const character of term) {
    const cases = /\p{ASCII}/u.test(character)
      ? [character]
      : [...new Set([character, character.toLowerCase(), character.toUpperCase()])];
    variants = variants.flatMap((variant) => cases.map((spelling) => variant + spelling));
    if (variants.length > most) return null;
  }
  return variants;
}
