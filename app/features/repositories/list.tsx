// /app/repositories and /manager/repositories (routes.ts): the searchable list; "New repository" in the manager, for
// those who may create. The area comes from the URL; its layout has already checked it.
import { Link } from "react-router";

import { requirePermission, userCan } from "~/.server/web/guards";
import { getInstance } from "~/.server/web/i18n";
import { listOrFailure } from "~/.server/web/list-failure";
import { PageHeader } from "~/components/layout/page-header";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClassName } from "~/components/ui/button";
import { Plus } from "~/components/ui/icons";
import { readListParams, toListData } from "~/lib/list-params";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/list";
import { RepositoryList } from "./components/repository-list";
import { listRepositories } from "./repositories.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission({ request, context }, { repository: ["read"] });
  const url = new URL(request.url);
  const area = url.pathname.startsWith("/manager/") ? "manager" : "app";
  const params = readListParams(url);
  return {
    title: getInstance(context).t("repositories.title"),
    area,
    canCreate: area === "manager" && userCan(user, { repository: ["create"] }),
    ...toListData(url, params, await listOrFailure(request, () => listRepositories(params))),
  };
}

export default function Repositories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const base = `/${loaderData.area}/repositories`;
  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        title={t("repositories.title")}
        description={t("repositories.description")}
        actions={
          loaderData.canCreate ? (
            <Link to={`${base}/new`} className={buttonClassName("primary")}>
              <Plus aria-hidden="true" className="size-4" />
              {t("repositories.newRepository")}
            </Link>
          ) : null
        }
      />
      <RepositoryList
        data={loaderData}
        detailHref={(id) => `${base}/${id}`}
        createHref={loaderData.canCreate ? `${base}/new` : null}
      />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
