import { requirePermission } from "~/.server/web/guards";
import { getInstance } from "~/.server/web/i18n";
import { PageHeader } from "~/components/layout/page-header";
import { RepositoryList } from "~/components/repositories/repository-list";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { loadRepositoryList } from "~/routes/repositories.server";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission({ request, context }, { repository: ["read"] });
  return { title: getInstance(context).t("repositories.title"), ...(await loadRepositoryList(request)) };
}

export default function AppRepositories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title={t("repositories.title")} description={t("repositories.description")} />
      <RepositoryList data={loaderData} detailHref={(id) => `/app/repositories/${id}`} />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
