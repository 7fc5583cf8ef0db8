// What the repository pages of both areas load, shaped for the page: the list page and the not-found answer.
import { data } from "react-router";
import { listHref, readListParams } from "../lib/list-params";
import { getRepository, listRepositories, type Repository } from "./repositories";

/** The list page of a URL: items, the "Load more" link, and the search as typed. */
export async function loadRepositoryList(request: Request) {
  const url = new URL(request.url);
  const { searchTerm, cursor } = readListParams(url);
  const result = await listRepositories({ searchTerm, cursor });
  return {
    searchTerm,
    isFirstPage: cursor === null,
    firstPageHref: listHref(url, null),
    page: { items: result.items, nextHref: result.nextCursor ? listHref(url, result.nextCursor) : null },
  };
}

/** The repository of the route's :id, or the area's 404 page. */
export async function requireRepository(id: string | undefined): Promise<Repository> {
  const repository = id ? await getRepository(id) : null;
  if (!repository) throw data({ reason: "repository-not-found" }, { status: 404, statusText: "Not Found" });
  return repository;
}
