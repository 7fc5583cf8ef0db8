import { Link } from "react-router";

import { requirePermission, userCan } from "~/.server/web/guards";
import { getInstance } from "~/.server/web/i18n";
import { PageHeader } from "~/components/layout/page-header";
import { RepositoryList } from "~/components/repositories/repository-list";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClassName } from "~/components/ui/button";
import { Plus } from "~/components/ui/icons";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { loadRepositoryList } from "~/routes/repositories.server";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission({ request, context }, { repository: ["read"] });
  return {
    title: getInstance(context).t("repositories.title"),
    canCreate: userCan(user, { repository: ["create"] }),
    ...(await loadRepositoryList(request)),
  };
}

export default function ManagerRepositories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        title={t("repositories.title")}
        description={t("repositories.description")}
        actions={
          loaderData.canCreate ? (
            <Link to="/manager/repositories/new" className={buttonClassName("primary")}>
              <Plus aria-hidden="true" className="size-4" />
              {t("repositories.newRepository")}
            </Link>
          ) : null
        }
      />
      <RepositoryList
        data={loaderData}
        detailHref={(id) => `/manager/repositories/${id}`}
        createHref={loaderData.canCreate ? "/manager/repositories/new" : null}
      />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
