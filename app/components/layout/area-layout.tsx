import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";

import { SignOutButton } from "../auth/sign-out-button";
import { Preferences } from "../preferences";

export type NavItem = { to: string; label: string; end?: boolean };

const linkClassName = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 ${
    isActive
      ? "bg-zinc-100 text-zinc-950 dark:bg-zinc-800 dark:text-white"
      : "text-zinc-700 hover:bg-zinc-50 dark:text-zinc-300 dark:hover:bg-zinc-900"
  }`;

function NavLinks({ nav }: { nav: NavItem[] }) {
  return nav.map((item) => (
    <li key={item.to}>
      <NavLink to={item.to} end={item.end} prefetch="intent" className={linkClassName}>
        {item.label}
      </NavLink>
    </li>
  ));
}

/**
 * The frame of /app and /manager: product name, navigation, the signed-in user and sign-out; below 768 px the
 * navigation folds into a disclosure menu (a <details>, so it opens without JavaScript too).
 */
export function AreaLayout({
  home,
  nav,
  userName,
  tools,
  children,
}: {
  home: string;
  nav: NavItem[];
  userName: string;
  /** What the area adds to the header, before the user's name (the organization switcher in /app). */
  tools?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 dark:focus:bg-zinc-900"
      >
        {t("common.skipToContent")}
      </a>
      <header className="border-b border-zinc-200 dark:border-zinc-800">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Link to={home} className="font-bold tracking-tight">
            {t("meta.productName")}
          </Link>
          <nav aria-label={t("common.mainNavigation")} className="hidden flex-1 md:block">
            <ul className="flex flex-wrap gap-1">
              <NavLinks nav={nav} />
            </ul>
          </nav>
          <div className="ms-auto flex items-center gap-3 text-sm md:ms-0">
            {tools}
            <span className="hidden text-zinc-700 sm:inline dark:text-zinc-300">{userName}</span>
            <SignOutButton />
          </div>
          <details className="group w-full md:hidden">
            <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-medium hover:bg-zinc-50 dark:hover:bg-zinc-900">
              {/* The summary says what it does next, JavaScript or not: the hidden one is not read out either. */}
              <span className="group-open:hidden">{t("common.openMenu")}</span>
              <span className="hidden group-open:inline">{t("common.closeMenu")}</span>
            </summary>
            <nav aria-label={t("common.mainNavigation")}>
              <ul className="mt-2 flex flex-col gap-1">
                <NavLinks nav={nav} />
              </ul>
            </nav>
          </details>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        {children}
      </main>
      <footer className="border-t border-zinc-200 dark:border-zinc-800">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <span className="text-sm text-zinc-600 dark:text-zinc-400">{userName}</span>
          <Preferences />
        </div>
      </footer>
    </div>
  );
}
