import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { requirePermission } from "~/.server/web/guards";
import { getInstance } from "~/.server/web/i18n";
import { createRepository } from "~/.server/features/repositories";
import { redirectWithToast } from "~/.server/web/toast";
import { readForm } from "~/.server/web/http";
import { RepositoryForm } from "~/components/repositories/repository-form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { pageTitle } from "~/lib/meta";
import { repositorySchema } from "~/lib/schemas/repository";
import { message } from "~/lib/validation";
import type { Route } from "./+types/new";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission({ request, context }, { repository: ["create"] });
  return { title: getInstance(context).t("repositories.newTitle") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission({ request, context }, { repository: ["create"] });
  const submission = parseWithZod(await readForm(request), { schema: repositorySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await createRepository(submission.value, user.id);
  if (!saved.ok) return data({ result: submission.reply({ fieldErrors: { name: [message("validation.repositoryNameUsed")] } }) }, { status: 400 });
  return redirectWithToast(`/manager/repositories/${saved.repository.id}`, { type: "success", message: "repositories.created" });
}

export default function NewRepository({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t("repositories.newTitle")}</h1>
      <RepositoryForm result={actionData?.result} submitLabel={t("repositories.create")} cancelHref="/manager/repositories" />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
