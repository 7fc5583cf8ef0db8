// /app/repositories/:id (routes.ts), inside the desktop-only layout: one repository, to read.
import { requirePermission } from "~/.server/web/guards";
import { notFound } from "~/.server/web/http";
import { BackLink } from "~/components/layout/back-link";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/app-detail";
import { RepositoryDetails } from "./components/repository-details";
import { getRepository } from "./repositories.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.repository.name);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePermission({ request, context }, { repository: ["read"] });
  return { repository: (await getRepository(params.id)) ?? notFound() };
}

export default function AppRepository({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-6">
      <BackLink to="/app/repositories">{t("repositories.backToList")}</BackLink>
      <h1 className="text-2xl font-semibold">
        <bdi>{loaderData.repository.name}</bdi>
      </h1>
      <RepositoryDetails repository={loaderData.repository} />
    </section>
  );
}
