import { Link } from "react-router";

import { Avatar } from "~/components/layout/avatar";
import { Building2 } from "~/components/ui/icons";
import { SearchableList } from "~/components/ui/searchable-list";
import { useFormat } from "~/lib/format";
import type { ListData } from "~/lib/list-params";
import { useTranslation } from "~/lib/translation";

/** An organization as the manager's list shows it (built on the server; components never import its types). */
export type OrganizationListRow = {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
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
      empty={{ icon: <Building2 />, title: t("organizationAdmin.emptyTitle"), text: t("organizationAdmin.emptyText") }}
      getKey={(row) => row.id}
      columns={[
        {
          key: "name",
          header: t("organizationAdmin.name"),
          primary: true,
          renderCell: (row) => (
            <span className="flex min-w-0 items-center gap-2">
              {row.logo ? (
                <Avatar name={row.name} image={row.logo} square className="size-6 text-[0.625rem]" />
              ) : (
                <Building2 aria-hidden="true" className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
              )}
              <Link to={`/manager/organizations/${row.id}`} className="min-w-0 [overflow-wrap:anywhere] data-list-link">
                <bdi>{row.name}</bdi>
              </Link>
            </span>
          ),
        },
        {
          key: "slug",
          header: t("organizationAdmin.slug"),
          renderCell: (row) => (
            <bdi dir="ltr" className="break-all">
              {row.slug}
            </bdi>
          ),
        },
        {
          key: "members",
          header: t("organizationAdmin.membersCount"),
          className: "md:text-end",
          renderCell: (row) => format.number(row.members),
        },
        {
          key: "created",
          header: t("organizationAdmin.created"),
          className: "md:whitespace-nowrap",
          renderCell: (row) => (
            <time dateTime={new Date(row.createdAt).toISOString()}>{format.date(row.createdAt)}</time>
          ),
        },
      ]}
    />
  );
}
