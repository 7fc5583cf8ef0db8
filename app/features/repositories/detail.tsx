// /manager/repositories/:id (routes.ts): one repository; Edit, and a confirmed Delete, for those who may.
import { Link } from "react-router";

import { auditActorOf } from "~/.server/web/caller";
import { requirePermission, userCan } from "~/.server/web/guards";
import { notFound, readForm, unknownIntent } from "~/.server/web/http";
import { redirectWithToast } from "~/.server/web/toast";
import { BackLink } from "~/components/layout/back-link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClassName } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DialogLink } from "~/components/ui/responsive-dialog";
import { WithUserText } from "~/components/users/user-text";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/detail";
import { RepositoryDetails } from "./components/repository-details";
import { deleteRepository, getRepository } from "./repositories.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.repository.name);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requirePermission({ request, context }, { repository: ["read"] });
  return {
    repository: (await getRepository(params.id)) ?? notFound(),
    canUpdate: userCan(user, { repository: ["update"] }),
    canDelete: userCan(user, { repository: ["delete"] }),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requirePermission({ request, context }, { repository: ["delete"] });
  const formData = await readForm(request);
  if (formData.get("intent") !== "delete") return unknownIntent();
  if (!(await deleteRepository(params.id, auditActorOf(request, context)))) notFound();
  return redirectWithToast("/manager/repositories", { type: "success", message: "repositories.deleted" });
}

export default function ManagerRepository({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { repository } = loaderData;
  return (
    <section className="flex flex-col gap-6">
      <BackLink to="/manager/repositories">{t("repositories.backToList")}</BackLink>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">
          <bdi>{repository.name}</bdi>
        </h1>
        <div className="flex gap-3">
          {loaderData.canUpdate ? (
            <Link to={`/manager/repositories/${repository.id}/update`} className={buttonClassName("secondary")}>
              {t("repositories.edit")}
            </Link>
          ) : null}
          {loaderData.canDelete ? (
            <DialogLink name="delete" className={buttonClassName("danger")}>
              {t("repositories.delete")}
            </DialogLink>
          ) : null}
        </div>
      </div>
      <RepositoryDetails repository={repository} />
      {loaderData.canDelete ? (
        <ConfirmDialog
          name="delete"
          description={
            <WithUserText sentence={(name) => t("repositories.deleteDescription", { name })} value={repository.name} />
          }
          fields={{ intent: "delete" }}
        />
      ) : null}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
