import { requirePermission } from "~/.server/web/guards";
import { BackLink } from "~/components/layout/back-link";
import { RepositoryDetails } from "~/components/repositories/repository-details";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { requireRepository } from "~/routes/repositories.server";
import type { Route } from "./+types/detail";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.repository.name);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePermission({ request, context }, { repository: ["read"] });
  return { repository: await requireRepository(params.id) };
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
