import { Link, Outlet } from "react-router";

import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClassName } from "~/components/ui/button";
import { useTranslation } from "~/lib/translation";

// The repository detail of the user area lives in a desktop-only layout. Below 768 px it says so,
// with a way back; CSS decides, so it holds without JavaScript too.
export default function DesktopOnlyLayout() {
  const { t } = useTranslation();
  return (
    <>
      <div className="hidden md:block">
        <Outlet />
      </div>
      <div className="flex flex-col items-start gap-3 md:hidden">
        <h1 className="text-xl font-semibold">{t("repositories.desktopOnlyTitle")}</h1>
        <p className="text-zinc-700 dark:text-zinc-300">{t("repositories.desktopOnlyText")}</p>
        <Link to="/app/repositories" className={buttonClassName("secondary")}>
          {t("repositories.backToList")}
        </Link>
      </div>
    </>
  );
}

// The detail's errors (an unknown id: 404) land here, shown at every width, not inside the hidden desktop part.
export const ErrorBoundary = RouteErrorBoundary;
