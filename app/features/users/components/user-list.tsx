import { Link, useLocation } from "react-router";

import { Avatar } from "~/components/layout/avatar";
import { buttonClassName } from "~/components/ui/button";
import type { DataColumn } from "~/components/ui/data-list";
import { Plus, Users } from "~/components/ui/icons";
import { SearchableList } from "~/components/ui/searchable-list";
import { UserRoleBadge, UserStatusBadge } from "~/components/users/user-status";
import { firstDirection, type UserListItem, type UserListOrder, type UserSort } from "~/features/users/entity";
import { useFormat } from "~/lib/format";
import type { ListData } from "~/lib/list-params";
import { useTranslation } from "~/lib/translation";

/**
 * The manager's user list: search, and a table (cards on phones) whose Name, E-mail and Created headers sort it;
 * each row leads to the person's page.
 */
export function UserList({
  data,
  order,
  canCreate = false,
}: {
  data: ListData<UserListItem>;
  order: UserListOrder;
  canCreate?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const location = useLocation();
  /** The current order's header turns it the other way; another starts in its own first direction. */
  const sortBy = (sort: UserSort): DataColumn<UserListItem>["sort"] => {
    const params = new URLSearchParams(location.search);
    params.delete("cursor");
    params.delete("modal");
    params.set("sort", sort);
    const direction = sort === order.sort ? (order.direction === "asc" ? "desc" : "asc") : firstDirection[sort];
    params.set("direction", direction);
    return {
      href: `${location.pathname}?${params.toString()}`,
      direction: sort === order.sort ? order.direction : null,
    };
  };
  return (
    <SearchableList
      data={data}
      label={t("users.listLabel")}
      hint={t("users.searchHint")}
      empty={{
        icon: <Users />,
        title: t("users.emptyTitle"),
        text: t("users.emptyText"),
        action: canCreate ? (
          <Link to="/manager/users/new" className={buttonClassName("primary")}>
            <Plus aria-hidden="true" className="size-4" />
            {t("users.newUser")}
          </Link>
        ) : undefined,
      }}
      getKey={(user) => user.id}
      columns={[
        {
          key: "name",
          header: t("users.sortName"),
          primary: true,
          sort: sortBy("name"),
          renderCell: (user) => (
            <span className="flex min-w-0 items-center gap-2">
              <Avatar name={user.name || user.email} image={user.image} className="size-7 text-[0.625rem]" />
              <Link to={`/manager/users/${user.id}`} className="min-w-0 [overflow-wrap:anywhere] data-list-link">
                <bdi>{user.name || t("users.noName")}</bdi>
              </Link>
            </span>
          ),
        },
        {
          key: "email",
          header: t("users.sortEmail"),
          sort: sortBy("email"),
          renderCell: (user) => (
            <bdi dir="ltr" className="[overflow-wrap:anywhere]">
              {user.email}
            </bdi>
          ),
        },
        { key: "role", header: t("users.role"), renderCell: (user) => <UserRoleBadge user={user} /> },
        { key: "status", header: t("users.status"), renderCell: (user) => <UserStatusBadge user={user} /> },
        {
          key: "createdAt",
          header: t("users.sortCreatedAt"),
          sort: sortBy("createdAt"),
          className: "md:whitespace-nowrap",
          renderCell: (user) => (
            <time dateTime={new Date(user.createdAt).toISOString()}>{format.mediumDate(user.createdAt)}</time>
          ),
        },
      ]}
    />
  );
}
