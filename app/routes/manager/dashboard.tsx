import { Link } from "react-router";

import { getDashboard } from "~/.server/features/dashboard";
import { requirePermission, userCan } from "~/.server/web/guards";
import { getInstance } from "~/.server/web/i18n";
import { SignInsChart } from "~/components/dashboard/sign-ins-chart";
import { PageHeader } from "~/components/layout/page-header";
import { TriangleAlert } from "~/components/ui/icons";
import { countFailedJobs } from "~/features/jobs/jobs.server";
import { countRepositories } from "~/features/repositories/repositories.server";
import { useFormat } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = requirePermission({ request, context }, { user: ["list"] });
  const [dashboard, repositories] = await Promise.all([getDashboard(), countRepositories()]);
  return {
    title: getInstance(context).t("manager.dashboardTitle"),
    dashboard: { ...dashboard, repositories },
    // Shown only when some have failed: work that did not happen (an e-mail not sent) needs someone to look.
    failedJobs: userCan(me, { job: ["list"] }) ? await countFailedJobs() : 0,
  };
}

const linkClassName = "text-sm text-brand-600 underline underline-offset-4 hover:decoration-2 dark:text-brand-100";

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { dashboard } = loaderData;
  // Each figure leads to the list behind it; where there is no list of its own (bans, sessions), to the audit trail.
  const figures: Array<[label: string, value: number, href: string]> = [
    [t("manager.usersCount"), dashboard.users, "/manager/users"],
    [t("manager.newUsersCount"), dashboard.newUsers, "/manager/users?sort=createdAt&direction=desc"],
    [t("manager.bannedCount"), dashboard.bannedUsers, "/manager/audit?action=user.banned"],
    [t("manager.activeSessionsCount"), dashboard.activeSessions, "/manager/audit?action=sign-in&outcome=success"],
    [t("manager.repositoriesCount"), dashboard.repositories, "/manager/repositories"],
  ];
  return (
    <section className="flex flex-col gap-8">
      <PageHeader title={t("manager.dashboardTitle")} description={t("manager.dashboardText")} />
      {loaderData.failedJobs > 0 ? (
        <Link
          to="/manager/jobs"
          className="flex items-center gap-2 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 hover:border-red-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
        >
          <TriangleAlert aria-hidden className="size-5 shrink-0" />
          <span>{t("manager.failedJobs", { count: format.number(loaderData.failedJobs) })}</span>
        </Link>
      ) : null}
      {/* Two by two on a phone: five figures one per row were 650 px of scrolling before the chart. */}
      <ul aria-label={t("manager.figuresLabel")} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        {figures.map(([label, value, href]) => (
          <li key={label}>
            <Link
              to={href}
              className="flex h-full flex-col gap-1 rounded-lg border border-zinc-200 p-3 hover:border-brand-600 sm:p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-zinc-800 dark:hover:border-brand-100"
            >
              <span className="text-sm text-zinc-600 dark:text-zinc-400">{label}</span>{" "}
              <span className="text-2xl font-semibold tabular-nums sm:text-3xl">{format.number(value)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <section aria-labelledby="sign-ins-title" className="flex flex-col gap-3">
        <div>
          <h2 id="sign-ins-title" className="text-lg font-semibold">
            {t("manager.signInsTitle")}
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("manager.signInsDescription")}</p>
        </div>
        <SignInsChart days={dashboard.signInsPerDay} />
        <Link to="/manager/audit?action=sign-in&outcome=success" className={linkClassName}>
          {t("manager.signInsLink")}
        </Link>
      </section>
      <Link to="/app" className={linkClassName}>
        {t("manager.goToApp")}
      </Link>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
