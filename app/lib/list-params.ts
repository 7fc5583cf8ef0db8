// The URL state of a list page: ?searchTerm= (docs/product.md: default empty) and ?cursor= (keyset pagination).
import { z } from "zod";

import { searchableText } from "./schemas/text";

// Control characters are dropped (a tab or a line break reads as a space): a pasted NUL must not reach the database.
const listSearchSchema = z.object({
  searchTerm: z.string().max(200).catch("").transform(searchableText),
  cursor: z
    .string()
    .max(1000)
    .nullable()
    .catch(null)
    .transform((cursor) => (cursor === null ? null : searchableText(cursor) || null)),
});

export function readListParams(url: URL): { searchTerm: string; cursor: string | null } {
  return listSearchSchema.parse({
    searchTerm: url.searchParams.get("searchTerm") ?? "",
    cursor: url.searchParams.get("cursor"),
  });
}

/** What a list page's loader returns: the search as typed, the page, and the links around it. */
export type ListData<T> = {
  searchTerm: string;
  /** The list could not be read (app/.server/web/list-failure.ts): the page shows the list's error state. */
  listError: boolean;
  isFirstPage: boolean;
  firstPageHref: string;
  page: { items: T[]; nextHref: string | null };
};

export function toListData<T>(
  url: URL,
  params: { searchTerm: string; cursor: string | null },
  result: { items: T[]; nextCursor: string | null } | null,
): ListData<T> {
  if (result === null)
    return {
      searchTerm: params.searchTerm,
      listError: true,
      isFirstPage: params.cursor === null,
      firstPageHref: listHref(url, null),
      page: { items: [], nextHref: null },
    };
  return {
    searchTerm: params.searchTerm,
    listError: false,
    isFirstPage: params.cursor === null,
    firstPageHref: listHref(url, null),
    page: { items: result.items, nextHref: result.nextCursor ? listHref(url, result.nextCursor) : null },
  };
}

/** The same list from `cursor` on (null: the first page), keeping the search. */
function listHref(url: URL, cursor: string | null): string {
  const params = new URLSearchParams(url.searchParams);
  params.delete("modal");
  if (cursor) params.set("cursor", cursor);
  else params.delete("cursor");
  const search = params.toString();
  return `${url.pathname.replace(/\.data$/, "")}${search ? `?${search}` : ""}`;
}
