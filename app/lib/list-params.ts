// The URL state of a list page: ?searchTerm= (spec section 2, default empty) and ?cursor= (keyset pagination).
import { z } from "zod";

const listSearchSchema = z.object({
  searchTerm: z.string().max(200).catch(""),
  cursor: z.string().max(1000).nullable().catch(null),
});

export function readListParams(url: URL): { searchTerm: string; cursor: string | null } {
  return listSearchSchema.parse({ searchTerm: url.searchParams.get("searchTerm") ?? "", cursor: url.searchParams.get("cursor") });
}

/** The same list from `cursor` on (null: the first page), keeping the search. */
export function listHref(url: URL, cursor: string | null): string {
  const params = new URLSearchParams(url.searchParams);
  params.delete("modal");
  if (cursor) params.set("cursor", cursor);
  else params.delete("cursor");
  const search = params.toString();
  return `${url.pathname.replace(/\.data$/, "")}${search ? `?${search}` : ""}`;
}
