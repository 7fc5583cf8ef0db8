// One editor for creating and updating a user: registered at /manager/users/new and at /manager/users/:id/update
// (routes.ts). Creating and role changes go through better-auth's admin plugin (users.server.ts).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";

import { auditActorOf } from "~/.server/web/caller";
import { requirePermission, userCan } from "~/.server/web/guards";
import { forbidden, notFound, readForm } from "~/.server/web/http";
import { getInstance, getLocale } from "~/.server/web/i18n";
import { redirectWithToast } from "~/.server/web/toast";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { WithUserText } from "~/components/users/user-text";
import { requireRecentVerification } from "~/features/step-up.server";
import { defaultLanguage, isLanguage } from "~/lib/i18n";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { message } from "~/lib/validation";
import type { Route } from "./+types/editor";
import { UserForm } from "./components/user-form";
import { newUserSchema, userSchema } from "./entity";
import { createUser, getUser, roleOf, updateUser } from "./users.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = requirePermission({ request, context }, { user: [params.id ? "update" : "create"] });
  const { t } = getInstance(context);
  const canSetRole = userCan(admin, { user: ["set-role"] });
  if (!params.id) {
    const language = getLocale(context);
    return {
      title: t("users.newTitle"),
      user: null,
      welcomeLanguage: isLanguage(language) ? language : defaultLanguage,
      canSetRole,
    };
  }
  const user = (await getUser(params.id)) ?? notFound();
  return {
    title: t("users.editTitle", { name: user.name || user.email }),
    user: { id: user.id, email: user.email, name: user.name, role: roleOf(user) },
    welcomeLanguage: undefined,
    canSetRole,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return params.id ? update({ request, context }, params.id) : create({ request, context });
}

async function create({ request, context }: Args) {
  const admin = requirePermission({ request, context }, { user: ["create"] });
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: newUserSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (submission.value.role !== "user" && !userCan(admin, { user: ["set-role"] })) forbidden();
  // Giving a role is a role change: it asks for a recent step-up (ADR 053).
  if (submission.value.role !== "user") await requireRecentVerification({ request, context }, formData);
  const created = await createUser(submission.value, {
    headers: request.headers,
    actor: auditActorOf(request, context),
  });
  if (!created.ok && created.error === "forbidden") forbidden();
  if (!created.ok)
    return data(
      { result: submission.reply({ fieldErrors: { email: [message("users.emailUsed")] } }) },
      { status: 400 },
    );
  return redirectWithToast(`/manager/users/${created.userId}`, { type: "success", message: "users.created" });
}

async function update({ request, context }: Args, userId: string) {
  const admin = requirePermission({ request, context }, { user: ["update"] });
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: userSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  // A role change asks for a recent step-up (ADR 053); a name or an address alone does not.
  const current = await getUser(userId);
  if (current && userCan(admin, { user: ["set-role"] }) && submission.value.role !== roleOf(current))
    await requireRecentVerification({ request, context }, formData);
  const updated = await updateUser(userId, submission.value, {
    headers: request.headers,
    actor: auditActorOf(request, context),
    canSetRole: userCan(admin, { user: ["set-role"] }),
  });
  if (updated.ok) return redirectWithToast(`/manager/users/${userId}`, { type: "success", message: "users.updated" });
  if (updated.error === "not-found") notFound();
  if (updated.error === "forbidden") forbidden();
  const fieldErrors: Record<string, string[]> =
    updated.error === "email-used"
      ? { email: [message("users.emailUsed")] }
      : { role: [message(updated.error === "self-demotion" ? "users.cannotDemoteYourself" : "users.lastAdmin")] };
  return data({ result: submission.reply({ fieldErrors }) }, { status: 400 });
}

export default function UserEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user } = loaderData;
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">
        {user ? (
          <WithUserText sentence={(name) => t("users.editTitle", { name })} value={user.name || user.email} />
        ) : (
          t("users.newTitle")
        )}
      </h1>
      <UserForm
        result={actionData?.result}
        defaultValue={user ? { email: user.email, name: user.name, role: user.role } : undefined}
        welcomeLanguage={loaderData.welcomeLanguage}
        canSetRole={loaderData.canSetRole}
        submitLabel={user ? t("users.save") : t("users.create")}
        cancelHref={user ? `/manager/users/${user.id}` : "/manager/users"}
      />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
