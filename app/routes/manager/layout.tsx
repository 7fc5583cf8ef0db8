import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";

import { areaGuard, requireUser } from "~/.server/web/guards";
import { AreaLayout } from "~/components/layout/area-layout";
import type { Route } from "./+types/layout";

// Every loader and action of the area passes this guard first (signed in, onboarded, allowed in /manager).
export const middleware: Route.MiddlewareFunction[] = [areaGuard("manager")];

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  return { userName: user.name || user.email };
}

export default function ManagerLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AreaLayout
      home="/manager"
      userName={loaderData.userName}
      nav={[
        { to: "/manager/dashboard", label: t("manager.navDashboard") },
        { to: "/manager/users", label: t("manager.navUsers") },
        { to: "/manager/organizations", label: t("manager.navOrganizations") },
        { to: "/manager/repositories", label: t("manager.navRepositories") },
        { to: "/manager/audit", label: t("manager.navAudit") },
        { to: "/manager/account", label: t("manager.navAccount") },
      ]}
    >
      <Outlet />
    </AreaLayout>
  );
}
