// One editor for creating and updating a repository: registered at /manager/repositories/new and at
// /manager/repositories/:id/update (routes.ts). One form, one schema, one save (docs/adding-an-entity.md).
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";

import { auditActorOf } from "~/.server/web/caller";
import { requirePermission } from "~/.server/web/guards";
import { notFound, readForm } from "~/.server/web/http";
import { getInstance } from "~/.server/web/i18n";
import { redirectWithToast } from "~/.server/web/toast";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { WithUserText } from "~/components/users/user-text";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { message } from "~/lib/validation";
import type { Route } from "./+types/editor";
import { RepositoryForm } from "./components/repository-form";
import { repositorySchema } from "./entity";
import { getRepository, saveRepository } from "./repositories.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePermission({ request, context }, { repository: [params.id ? "update" : "create"] });
  const { t } = getInstance(context);
  if (!params.id) return { title: t("repositories.newTitle"), repository: null };
  const repository = (await getRepository(params.id)) ?? notFound();
  return { title: t("repositories.editTitle", { name: repository.name }), repository };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requirePermission({ request, context }, { repository: [params.id ? "update" : "create"] });
  const submission = parseWithZod(await readForm(request), { schema: repositorySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await saveRepository(submission.value, params.id ?? null, auditActorOf(request, context));
  if (!saved.ok && saved.error === "not-found") notFound();
  if (!saved.ok)
    return data(
      { result: submission.reply({ fieldErrors: { name: [message("validation.repositoryNameUsed")] } }) },
      { status: 400 },
    );
  return redirectWithToast(`/manager/repositories/${saved.repository.id}`, {
    type: "success",
    message: params.id ? "repositories.updated" : "repositories.created",
  });
}

export default function RepositoryEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { repository } = loaderData;
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">
        {repository ? (
          <WithUserText sentence={(name) => t("repositories.editTitle", { name })} value={repository.name} />
        ) : (
          t("repositories.newTitle")
        )}
      </h1>
      <RepositoryForm
        result={actionData?.result}
        defaultValue={
          repository ? { name: repository.name, link: repository.link, description: repository.description } : undefined
        }
        submitLabel={repository ? t("repositories.save") : t("repositories.create")}
        cancelHref={repository ? `/manager/repositories/${repository.id}` : "/manager/repositories"}
      />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
