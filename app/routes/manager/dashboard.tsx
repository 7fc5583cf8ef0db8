import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { countUsers } from "~/.server/features/users";
import { requireUser } from "~/.server/web/guards";
import { getInstance, getLocale } from "~/.server/web/i18n";
import { PageHeader } from "~/components/layout/page-header";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser({ request, context });
  return {
    title: getInstance(context).t("manager.dashboardTitle"),
    locale: getLocale(context),
    counts: await countUsers(),
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const number = new Intl.NumberFormat(loaderData.locale);
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title={t("manager.dashboardTitle")} description={t("manager.dashboardText")} />
      <dl className="grid gap-4 sm:grid-cols-2">
        {[
          [t("manager.usersCount"), loaderData.counts.users],
          [t("manager.adminsCount"), loaderData.counts.admins],
        ].map(([label, value]) => (
          <div key={String(label)} className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
            <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
            <dd className="text-3xl font-semibold">{number.format(Number(value))}</dd>
          </div>
        ))}
      </dl>
      <Link to="/app" className="text-sm text-brand-600 underline-offset-4 hover:underline dark:text-brand-100">
        {t("manager.goToApp")}
      </Link>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
