import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";

import type { ListData } from "~/lib/list-params";
import { firstDirection, userSorts, type UserListItem, type UserListOrder, type UserSort } from "~/lib/schemas/user";
import { SearchableList } from "../ui/searchable-list";
import { useUserLabels } from "./user-status";

/** The manager's user list: search, the sort links, and a row per user that leads to their page. */
export function UserList({ data, order }: { data: ListData<UserListItem>; order: UserListOrder }) {
  const { t, i18n } = useTranslation();
  const labels = useUserLabels();
  const created = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  return (
    <SearchableList
      data={data}
      label={t("users.listLabel")}
      hint={t("users.searchHint")}
      controls={<SortLinks order={order} />}
      getKey={(user) => user.id}
      renderItem={(user) => (
        <Link
          to={`/manager/users/${user.id}`}
          prefetch="intent"
          className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-md px-3 py-3 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-zinc-900"
        >
          <span className="min-w-0">
            <span className="block font-medium">
              <bdi>{user.name || t("users.noName")}</bdi>
            </span>
            <bdi dir="ltr" className="block truncate text-sm text-zinc-600 dark:text-zinc-400">
              {user.email}
            </bdi>
          </span>
          <span className="flex flex-wrap gap-x-2 text-sm text-zinc-600 dark:text-zinc-400">
            <span>{labels.role(user)}</span>
            <span aria-hidden="true">·</span>
            <span className={user.banned ? "font-medium text-red-700 dark:text-red-400" : undefined}>
              {labels.status(user)}
            </span>
            <span aria-hidden="true">·</span>
            <span>{t("users.createdOn", { date: created.format(new Date(user.createdAt)) })}</span>
          </span>
        </Link>
      )}
    />
  );
}

const sortLabels = { email: "users.sortEmail", name: "users.sortName", createdAt: "users.sortCreatedAt" } as const;

/**
 * The orders of the list as plain links (they work without JavaScript): the search is kept, the page starts over.
 * The current order's link turns it the other way.
 */
function SortLinks({ order }: { order: UserListOrder }) {
  const { t } = useTranslation();
  const location = useLocation();
  const labelId = useId();
  const hrefFor = (sort: UserSort) => {
    const params = new URLSearchParams(location.search);
    params.delete("cursor");
    params.delete("modal");
    params.set("sort", sort);
    const direction = sort === order.sort ? (order.direction === "asc" ? "desc" : "asc") : firstDirection[sort];
    params.set("direction", direction);
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <nav aria-labelledby={labelId} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span id={labelId} className="text-zinc-600 dark:text-zinc-400">
        {t("users.sortLabel")}
      </span>
      {userSorts.map((sort) => {
        const active = sort === order.sort;
        return (
          <Link
            key={sort}
            to={hrefFor(sort)}
            preventScrollReset
            aria-current={active ? "true" : undefined}
            className={`inline-flex min-h-9 items-center gap-1 rounded-md px-2 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 ${
              active ? "bg-zinc-100 font-semibold text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100" : ""
            }`}
          >
            {t(sortLabels[sort])}
            {active ? (
              <>
                <span aria-hidden="true">{order.direction === "asc" ? "↑" : "↓"}</span>
                <span className="sr-only">
                  ({order.direction === "asc" ? t("users.sortAscending") : t("users.sortDescending")})
                </span>
              </>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}
