import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { AreaLayout } from "~/components/layout/area-layout";
import type { Route } from "./+types/layout";

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission({ request, context }, { apps: ["manager"] });
  return { userName: user.name || user.email };
}

export default function ManagerLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AreaLayout home="/manager" userName={loaderData.userName} nav={[
        { to: "/manager/dashboard", label: t("manager.navDashboard") },
        { to: "/manager/users", label: t("manager.navUsers") },
        { to: "/manager/repositories", label: t("manager.navRepositories") },
        { to: "/manager/account", label: t("manager.navAccount") },
      ]}>
      <Outlet />
    </AreaLayout>
  );
}
