// Keyset pagination, once for every list (ADR 006): a page is the rows after the last key of the previous one, so a
// late page costs what the first one does. The cursor is that key, opaque to the browser.

function encodeCursor(key: string): string {
  return Buffer.from(key, "utf8").toString("base64url");
}

/** The key a cursor carries; null for none, or for anything that is not one of ours. */
export function decodeCursor(cursor: string | null | undefined): string | null {
  if (!cursor) return null;
  return Buffer.from(cursor, "base64url").toString("utf8") || null;
}

/**
 * The values of a cursor whose key is a JSON array (a list sorted on several columns: the sort key, then the id that
 * breaks ties); null for none, or for anything that is not such an array.
 */
export function decodeCursorValues(cursor: string | null | undefined): unknown[] | null {
  const key = decodeCursor(cursor);
  if (key === null) return null;
  try {
    const values: unknown = JSON.parse(key);
    return Array.isArray(values) ? values : null;
  } catch {
    return null;
  }
}

/** A page from `limit + 1` rows read in key order: the extra row only says that there is a next page. */
export function keysetPage<T>(
  rows: T[],
  limit: number,
  keyOf: (row: T) => string,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
