import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { listUsers } from "~/.server/features/users";
import { requirePermission } from "~/.server/web/guards";
import { getInstance } from "~/.server/web/i18n";
import { PageHeader } from "~/components/layout/page-header";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { SearchableList } from "~/components/ui/searchable-list";
import { useUserLabels } from "~/components/users/user-status";
import { readListParams, toListData } from "~/lib/list-params";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission({ request, context }, { user: ["list"] });
  const url = new URL(request.url);
  const params = readListParams(url);
  return { title: getInstance(context).t("users.title"), ...toListData(url, params, await listUsers(params)) };
}

export default function ManagerUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const labels = useUserLabels();
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title={t("users.title")} description={t("users.description")} />
      <SearchableList
        data={loaderData}
        label={t("users.listLabel")}
        hint={t("users.searchHint")}
        getKey={(user) => user.id}
        renderItem={(user) => (
          <Link
            to={`/manager/users/${user.id}`}
            prefetch="intent"
            className="flex flex-wrap items-baseline justify-between gap-2 rounded-md px-3 py-3 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-zinc-900"
          >
            <span>
              <span className="block font-medium">
                <bdi>{user.name || t("users.noName")}</bdi>
              </span>
              <bdi dir="ltr" className="text-sm text-zinc-600 dark:text-zinc-400">
                {user.email}
              </bdi>
            </span>
            <span className="text-sm text-zinc-600 dark:text-zinc-400">
              {labels.role(user)} · {labels.status(user)}
            </span>
          </Link>
        )}
      />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
