import { Outlet } from "react-router";

import { areaGuard, requireUser } from "~/.server/web/guards";
import { AreaLayout } from "~/components/layout/area-layout";
import {
  Building2,
  CircleUserRound,
  FolderGit2,
  LayoutDashboard,
  ListChecks,
  ScrollText,
  UsersRound,
} from "~/components/ui/icons";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/layout";

// Every loader and action of the area passes this guard first (signed in, onboarded, allowed in /manager).
export const middleware: Route.MiddlewareFunction[] = [areaGuard("manager")];

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  return { user: { name: user.name || user.email, email: user.email, image: user.image ?? null } };
}

export default function ManagerLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AreaLayout
      home="/manager"
      user={loaderData.user}
      account={{ to: "/manager/account", label: t("manager.navAccount") }}
      nav={[
        { to: "/manager/dashboard", label: t("manager.navDashboard"), icon: LayoutDashboard },
        { to: "/manager/users", label: t("manager.navUsers"), icon: UsersRound },
        { to: "/manager/organizations", label: t("manager.navOrganizations"), icon: Building2 },
        { to: "/manager/repositories", label: t("manager.navRepositories"), icon: FolderGit2 },
        { to: "/manager/audit", label: t("manager.navAudit"), icon: ScrollText },
        { to: "/manager/jobs", label: t("manager.navJobs"), icon: ListChecks },
        { to: "/manager/account", label: t("manager.navAccount"), icon: CircleUserRound },
      ]}
    >
      <Outlet />
    </AreaLayout>
  );
}
