import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { useFormat } from "~/lib/format";
import type { ListData } from "~/lib/list-params";
import { SearchableList } from "../ui/searchable-list";

/** An organization as the manager's list shows it (built on the server; components never import its types). */
export type OrganizationListRow = {
  id: string;
  name: string;
  slug: string;
  createdAt: Date | string;
  members: number;
};

/** Every organization of the instance: search, a row per organization that leads to its page, "Load more". */
export function OrganizationList({ data }: { data: ListData<OrganizationListRow> }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <SearchableList
      data={data}
      label={t("organizationAdmin.listLabel")}
      hint={t("organizationAdmin.searchHint")}
      getKey={(row) => row.id}
      renderItem={(row) => (
        <Link
          to={`/manager/organizations/${row.id}`}
          prefetch="intent"
          className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-md px-3 py-3 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-zinc-900"
        >
          <span className="min-w-0">
            <span className="block font-medium">
              <bdi>{row.name}</bdi>
            </span>
            <bdi dir="ltr" className="block truncate text-sm text-zinc-600 dark:text-zinc-400">
              {row.slug}
            </bdi>
          </span>
          <span className="flex flex-wrap gap-x-2 text-sm text-zinc-600 dark:text-zinc-400">
            <span>{t("organizationAdmin.membersOf", { members: format.number(row.members) })}</span>
            <span aria-hidden="true">·</span>
            <span>{t("organizationAdmin.createdOn", { date: format.date(row.createdAt) })}</span>
          </span>
        </Link>
      )}
    />
  );
}
