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
import { UserList } from "./components/user-list";
import { readUserListOrder } from "./entity";
import { listUsers } from "./users.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission({ request, context }, { user: ["list"] });
  const url = new URL(request.url);
  const params = readListParams(url);
  const order = readUserListOrder(url);
  return {
    title: getInstance(context).t("users.title"),
    canCreate: userCan(user, { user: ["create"] }),
    order,
    ...toListData(url, params, await listOrFailure(request, () => listUsers({ ...params, order }))),
  };
}

export default function ManagerUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        title={t("users.title")}
        description={t("users.description")}
        actions={
          loaderData.canCreate ? (
            <Link to="/manager/users/new" className={buttonClassName("primary")}>
              <Plus aria-hidden="true" className="size-4" />
              {t("users.newUser")}
            </Link>
          ) : null
        }
      />
      <UserList data={loaderData} order={loaderData.order} canCreate={loaderData.canCreate} />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
