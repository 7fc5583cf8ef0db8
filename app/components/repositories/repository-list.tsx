import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import type { ListData } from "~/lib/list-params";
import type { RepositoryView as Repository } from "~/lib/schemas/repository";
import { SearchableList } from "../ui/searchable-list";

/** The searchable, paginated repository list of both areas; `detailHref` says where an item leads. */
export function RepositoryList({
  data,
  detailHref,
}: {
  data: ListData<Repository>;
  detailHref: (id: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <SearchableList
      data={data}
      label={t("repositories.listLabel")}
      getKey={(repository) => repository.id}
      renderItem={(repository) => (
        <Link
          to={detailHref(repository.id)}
          prefetch="intent"
          className="block rounded-md px-3 py-3 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-zinc-900"
        >
          <span className="block font-medium">
            <bdi>{repository.name}</bdi>
          </span>
          <span className="block truncate text-sm text-zinc-600 dark:text-zinc-400">
            <bdi dir="ltr">{repository.link}</bdi>
          </span>
        </Link>
      )}
    />
  );
}
