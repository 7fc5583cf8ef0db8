import { Outlet, redirect } from "react-router";

import { hasSecondFactor } from "~/.server/features/second-factor";
import { getEnv } from "~/.server/platform/env";
import { areaGuard, isAdminUser, requireUser } from "~/.server/web/guards";
import { AreaLayout } from "~/components/layout/area-layout";
import { Building2, FolderGit2, LayoutDashboard, ListChecks, ScrollText, UsersRound } from "~/components/ui/icons";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/layout";

// Every loader and action of the area passes this guard first (signed in, onboarded, allowed in /manager).
export const middleware: Route.MiddlewareFunction[] = [areaGuard("manager"), adminSecondFactor];

/** With REQUIRE_ADMIN_SECOND_FACTOR, an administrator without a second factor may only set one up (ADR 052). */
async function adminSecondFactor({ request, context }: Parameters<Route.MiddlewareFunction>[0]) {
  if (!getEnv().REQUIRE_ADMIN_SECOND_FACTOR) return;
  const user = requireUser({ request, context });
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  if (path === SET_UP || !isAdminUser(user) || (await hasSecondFactor(user.id))) return;
  throw redirect(SET_UP);
}
const SET_UP = "/manager/account/second-factor";

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
      ]}
    >
      <Outlet />
    </AreaLayout>
  );
}
