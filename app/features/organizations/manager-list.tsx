import { requirePermission } from "~/.server/web/guards";
import { getInstance } from "~/.server/web/i18n";
import { listOrFailure } from "~/.server/web/list-failure";
import { PageHeader } from "~/components/layout/page-header";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { readListParams, toListData } from "~/lib/list-params";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/manager-list";
import { OrganizationList } from "./components/organization-list";
import { listOrganizations } from "./organization-admin.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission({ request, context }, { organization: ["list"] });
  const url = new URL(request.url);
  const params = readListParams(url);
  return {
    title: getInstance(context).t("organizationAdmin.title"),
    ...toListData(url, params, await listOrFailure(request, () => listOrganizations(params))),
  };
}

export default function ManagerOrganizations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title={t("organizationAdmin.title")} description={t("organizationAdmin.description")} />
      <OrganizationList data={loaderData} />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
