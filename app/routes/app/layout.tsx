import { Outlet } from "react-router";

import { areaGuard, requireUser } from "~/.server/web/guards";
import { getSession } from "~/.server/web/session";
import { AreaLayout } from "~/components/layout/area-layout";
import { Building2, FolderGit2, House } from "~/components/ui/icons";
import { OrganizationSwitcher } from "~/features/organizations/components/organization-switcher";
import { organizationChoices, settleActiveOrganization } from "~/features/organizations/organizations.server";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/layout";

// Every loader and action of the area passes this guard first (signed in, onboarded, allowed in /app).
export const middleware: Route.MiddlewareFunction[] = [areaGuard("app")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  const organizations = await organizationChoices(user.id);
  const session = getSession(context)?.session;
  return {
    user: { name: user.name || user.email, email: user.email, image: user.image ?? null },
    organizations: organizations.map(({ id, name, logo }) => ({ id, name, logo })),
    activeId: session ? await settleActiveOrganization(session.id, session.activeOrganizationId, organizations) : null,
  };
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AreaLayout
      home="/app"
      user={loaderData.user}
      account={{ to: "/app/account", label: t("app.navAccount") }}
      tools={<OrganizationSwitcher organizations={loaderData.organizations} activeId={loaderData.activeId} />}
      nav={[
        { to: "/app", label: t("app.navHome"), icon: House, end: true },
        { to: "/app/organizations", label: t("app.navOrganizations"), icon: Building2 },
        { to: "/app/repositories", label: t("app.navRepositories"), icon: FolderGit2 },
      ]}
    >
      <Outlet />
    </AreaLayout>
  );
}
