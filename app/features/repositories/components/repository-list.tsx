import { Link } from "react-router";

import { buttonClassName } from "~/components/ui/button";
import { FolderGit2, Plus } from "~/components/ui/icons";
import { SearchableList } from "~/components/ui/searchable-list";
import type { RepositoryListView as Repository } from "~/features/repositories/entity";
import { useFormat } from "~/lib/format";
import type { ListData } from "~/lib/list-params";
import { useTranslation } from "~/lib/translation";

/**
 * The searchable, paginated repository list of both areas (a table on wide screens, cards on phones);
 * `detailHref` says where an item leads, `createHref` where a new one is made (only for those who may).
 */
export function RepositoryList({
  data,
  detailHref,
  createHref,
}: {
  data: ListData<Repository>;
  detailHref: (id: string) => string;
  createHref?: string | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <SearchableList
      data={data}
      label={t("repositories.listLabel")}
      empty={{
        icon: <FolderGit2 />,
        title: t("repositories.emptyTitle"),
        text: createHref ? t("repositories.emptyText") : t("repositories.emptyTextReader"),
        action: createHref ? (
          <Link to={createHref} className={buttonClassName("primary")}>
            <Plus aria-hidden="true" className="size-4" />
            {t("repositories.emptyAction")}
          </Link>
        ) : undefined,
      }}
      getKey={(repository) => repository.id}
      columns={[
        {
          key: "name",
          header: t("repositories.name"),
          primary: true,
          renderCell: (repository) => (
            <span className="flex min-w-0 items-center gap-2">
              <FolderGit2 aria-hidden="true" className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
              <Link to={detailHref(repository.id)} className="min-w-0 [overflow-wrap:anywhere] data-list-link">
                <bdi>{repository.name}</bdi>
              </Link>
            </span>
          ),
        },
        {
          key: "link",
          header: t("repositories.link"),
          renderCell: (repository) => (
            <bdi dir="ltr" className="break-all">
              {repository.link}
            </bdi>
          ),
        },
        {
          key: "updated",
          header: t("repositories.updatedColumn"),
          className: "md:whitespace-nowrap",
          renderCell: (repository) => (
            <time dateTime={new Date(repository.updatedAt).toISOString()}>{format.date(repository.updatedAt)}</time>
          ),
        },
      ]}
    />
  );
}
