import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { getUser } from "~/.server/features/users";
import { requirePermission } from "~/.server/web/guards";
import { notFound } from "~/.server/web/http";
import { BackLink } from "~/components/layout/back-link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClassName } from "~/components/ui/button";
import { useUserLabels } from "~/components/users/user-status";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/detail";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageTitle(matches, loaderData?.user.name || loaderData?.user.email);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePermission({ request, context }, { user: ["list"] });
  return { user: (await getUser(params.id)) ?? notFound() };
}

export default function ManagerUser({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const labels = useUserLabels();
  const { user } = loaderData;
  const joined = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(user.createdAt));
  return (
    <section className="flex flex-col gap-6">
      <BackLink to="/manager/users">{t("users.backToList")}</BackLink>
      <h1 className="text-2xl font-semibold">
        <bdi>{user.name || t("users.noName")}</bdi>
      </h1>
      <Link to={`/manager/users/${user.id}/update`} className={buttonClassName("secondary", "self-start")}>
        {t("users.edit")}
      </Link>
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-zinc-200 p-4 sm:grid-cols-[max-content_1fr] dark:border-zinc-800">
        <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t("users.email")}</dt>
        <dd>
          <bdi dir="ltr">{user.email}</bdi>
        </dd>
        <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t("users.role")}</dt>
        <dd>{labels.role(user)}</dd>
        <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t("users.status")}</dt>
        <dd>{labels.status(user)}</dd>
      </dl>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("users.joined", { date: joined })}</p>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
