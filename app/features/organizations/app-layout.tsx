// One organization's pages: its name, my role, and tabs. The scope guard runs first, for every loader and action
// below (docs/architecture.md, "Organization-scoped guards").
import { NavLink, Outlet } from "react-router";

import { getOrganizationScope, organizationCan, organizationScope } from "~/.server/web/organization-scope";
import { Avatar } from "~/components/layout/avatar";
import { RoleBadge } from "~/components/organizations/role-badge";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/app-layout";

export const middleware: Route.MiddlewareFunction[] = [organizationScope()];

export function loader({ context }: Route.LoaderArgs) {
  const scope = getOrganizationScope(context);
  return {
    organization: {
      name: scope.organization.name,
      slug: scope.organization.slug,
      logo: scope.organization.logo ?? null,
    },
    role: scope.member.role,
    canManage:
      organizationCan(scope, { organization: ["update"] }) || organizationCan(scope, { organization: ["delete"] }),
  };
}

const tabClassName = ({ isActive }: { isActive: boolean }) =>
  `block border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 ${
    isActive
      ? "border-brand-600 text-zinc-950 dark:text-white"
      : "border-transparent text-zinc-700 hover:border-zinc-300 dark:text-zinc-300"
  }`;

export default function OrganizationLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const base = `/app/organizations/${loaderData.organization.slug}`;
  const tabs = [
    { to: base, label: t("organizations.tabOverview"), end: true },
    { to: `${base}/members`, label: t("organizations.tabMembers") },
    { to: `${base}/invitations`, label: t("organizations.tabInvitations") },
    { to: `${base}/teams`, label: t("organizations.tabTeams") },
    ...(loaderData.canManage ? [{ to: `${base}/settings`, label: t("organizations.tabSettings") }] : []),
  ];
  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <Avatar
          name={loaderData.organization.name}
          image={loaderData.organization.logo}
          square
          className="size-10 text-sm"
        />
        <h1 className="text-2xl font-semibold">
          <bdi>{loaderData.organization.name}</bdi>
        </h1>
        <RoleBadge role={loaderData.role} />
      </div>
      <nav aria-label={t("organizations.sections")} className="border-b border-zinc-200 dark:border-zinc-800">
        <ul className="-mb-px flex flex-wrap gap-1">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} end={tab.end} className={tabClassName}>
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
