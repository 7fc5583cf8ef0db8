import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";

import { Preferences } from "~/components/preferences";

// The sign-in pages work as plain HTML and ship no JavaScript: the framework alone is over the login page's
// 110 kB budget (ADR 007).
export const handle = { hydrate: false };

export default function LoginLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col items-center gap-8 bg-zinc-50 px-4 py-12 dark:bg-zinc-950">
      <Link to="/login" className="text-lg font-bold tracking-tight">
        {t("meta.productName")}
      </Link>
      <main id="main" className="flex w-full flex-col items-center">
        <Outlet />
      </main>
      <footer className="mt-auto">
        <Preferences />
      </footer>
    </div>
  );
}
