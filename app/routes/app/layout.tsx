import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { AreaLayout } from "~/components/layout/area-layout";
import type { Route } from "./+types/layout";

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission({ request, context }, { apps: ["app"] });
  return { userName: user.name || user.email };
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AreaLayout home="/app" userName={loaderData.userName} nav={[
        { to: "/app", label: t("app.navHome"), end: true },
        { to: "/app/repositories", label: t("app.navRepositories") },
        { to: "/app/account", label: t("app.navAccount") },
      ]}>
      <Outlet />
    </AreaLayout>
  );
}
