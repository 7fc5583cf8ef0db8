import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { requirePermission } from "~/.server/web/guards";
import { getInstance } from "~/.server/web/i18n";
import { updateRepository } from "~/.server/features/repositories";
import { requireRepository } from "~/routes/repositories.server";
import { redirectWithToast } from "~/.server/web/toast";
import { readForm } from "~/.server/web/http";
import { RepositoryForm } from "~/components/repositories/repository-form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { WithUserText } from "~/components/users/user-text";
import { pageTitle } from "~/lib/meta";
import { repositorySchema } from "~/lib/schemas/repository";
import { message } from "~/lib/validation";
import type { Route } from "./+types/update";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePermission({ request, context }, { repository: ["update"] });
  const repository = await requireRepository(params.id);
  return { title: getInstance(context).t("repositories.editTitle", { name: repository.name }), repository };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requirePermission({ request, context }, { repository: ["update"] });
  const repository = await requireRepository(params.id);
  const submission = parseWithZod(await readForm(request), { schema: repositorySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await updateRepository(repository.id, submission.value);
  if (!saved.ok && saved.error === "not-found") throw data({ reason: "repository-not-found" }, { status: 404 });
  if (!saved.ok) return data({ result: submission.reply({ fieldErrors: { name: [message("validation.repositoryNameUsed")] } }) }, { status: 400 });
  return redirectWithToast(`/manager/repositories/${repository.id}`, { type: "success", message: "repositories.updated" });
}

export default function UpdateRepository({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { repository } = loaderData;
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">
        <WithUserText sentence={(name) => t("repositories.editTitle", { name })} value={repository.name} />
      </h1>
      <RepositoryForm
        result={actionData?.result}
        defaultValue={{ name: repository.name, link: repository.link, description: repository.description }}
        submitLabel={t("repositories.save")}
        cancelHref={`/manager/repositories/${repository.id}`}
      />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
