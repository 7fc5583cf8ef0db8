import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";

import { areaGuard, requireUser } from "~/.server/web/guards";
import { AreaLayout } from "~/components/layout/area-layout";
import type { Route } from "./+types/layout";

// Every loader and action of the area passes this guard first (signed in, onboarded, allowed in /app).
export const middleware: Route.MiddlewareFunction[] = [areaGuard("app")];

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  return { userName: user.name || user.email };
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AreaLayout
      home="/app"
      userName={loaderData.userName}
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
