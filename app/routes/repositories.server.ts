// What the repository pages of both areas load, shaped for the page: the list page and the one repository.
import { getRepository, listRepositories, type Repository } from "~/.server/features/repositories";
import { notFound } from "~/.server/web/http";
import { listOrFailure } from "~/.server/web/list-failure";
import { readListParams, toListData } from "~/lib/list-params";

/** The list page of a URL: items, the "Load more" link, and the search as typed. */
export async function loadRepositoryList(request: Request) {
  const url = new URL(request.url);
  const params = readListParams(url);
  return toListData(url, params, await listOrFailure(request, () => listRepositories(params)));
}

/** The repository of the route's :id, or the area's 404 page. */
export async function requireRepository(id: string | undefined): Promise<Repository> {
  return (id ? await getRepository(id) : null) ?? notFound();
}
