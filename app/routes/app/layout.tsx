import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";

import { organizationChoices } from "~/.server/features/organizations";
import { areaGuard, requireUser } from "~/.server/web/guards";
import { getSession } from "~/.server/web/session";
import { AreaLayout } from "~/components/layout/area-layout";
import { OrganizationSwitcher } from "~/components/organizations/organization-switcher";
import type { Route } from "./+types/layout";

// Every loader and action of the area passes this guard first (signed in, onboarded, allowed in /app).
export const middleware: Route.MiddlewareFunction[] = [areaGuard("app")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  const organizations = await organizationChoices(user.id);
  const activeId = getSession(context)?.session.activeOrganizationId;
  return {
    userName: user.name || user.email,
    organizations: organizations.map(({ id, name }) => ({ id, name })),
    activeId: organizations.some((choice) => choice.id === activeId) ? (activeId ?? null) : null,
  };
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AreaLayout
      home="/app"
      userName={loaderData.userName}
      tools={<OrganizationSwitcher organizations={loaderData.organizations} activeId={loaderData.activeId} />}
      nav={[
        { to: "/app", label: t("app.navHome"), end: true },
        { to: "/app/organizations", label: t("app.navOrganizations") },
        { to: "/app/repositories", label: t("app.navRepositories") },
        { to: "/app/account", label: t("app.navAccount") },
      ]}
    >
      <Outlet />
    </AreaLayout>
  );
}
