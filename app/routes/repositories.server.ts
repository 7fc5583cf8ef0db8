// What the repository pages of both areas load, shaped for the page: the list page and the not-found answer.
import { data } from "react-router";
import { readListParams, toListData } from "~/lib/list-params";
import { getRepository, listRepositories, type Repository } from "~/.server/features/repositories";

/** The list page of a URL: items, the "Load more" link, and the search as typed. */
export async function loadRepositoryList(request: Request) {
  const url = new URL(request.url);
  const params = readListParams(url);
  return toListData(url, params, await listRepositories(params));
}

/** The repository of the route's :id, or the area's 404 page. */
export async function requireRepository(id: string | undefined): Promise<Repository> {
  const repository = id ? await getRepository(id) : null;
  if (!repository) throw data({ reason: "repository-not-found" }, { status: 404, statusText: "Not Found" });
  return repository;
}
