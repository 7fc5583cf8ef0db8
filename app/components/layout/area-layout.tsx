import type { ReactNode } from "react";
import { NavLink } from "react-router";

import { CircleUserRound, Menu, X, type Icon } from "~/components/ui/icons";
import { useTranslation } from "~/lib/translation";
import { Logo } from "./logo";
import { useDisclosureDismiss } from "./use-disclosure-dismiss";
import { UserMenu, type ShellUser } from "./user-menu";

export type NavItem = { to: string; label: string; icon: Icon; end?: boolean };

// The navigation's links are drawn by `shell-nav-link` (app.css, ADR 034). The current page (aria-current, set by
// NavLink) is marked by a tinted background, bold text and a bar: at the start edge in the menu, under the link in
// the header's bar. Never colour alone.

/**
 * The header's one menu, rendered once for every width (ADR 031): a `<details>` holding the navigation, the area's
 * tools and the person's menu. Below 768 px it is the phone menu, opened by its summary; from 768 px it lies open as
 * the bar (`shell-bar`, app.css), its summary gone, and the person's menu inside it is the dropdown. Browsers that
 * cannot style `::details-content` keep the menu at every width. Links and plain forms throughout, so it works
 * without JavaScript. The markup's order is the screen's, so focus moves as the eye does.
 */
function ShellMenu({
  nav,
  user,
  account,
  tools,
}: {
  nav: NavItem[];
  user: ShellUser;
  account: { to: string; label: string };
  tools?: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useDisclosureDismiss();
  return (
    <details
      ref={ref}
      className="group/menu ms-auto shell-bar:contents shell-bar:details-content:contents shell-bar:details-content:[content-visibility:visible]"
    >
      <summary className="flex min-h-10 cursor-pointer list-none items-center gap-2 rounded-md px-3 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 group-open/menu:bg-zinc-100 shell-bar:hidden dark:hover:bg-zinc-800 dark:group-open/menu:bg-zinc-800 [&::-webkit-details-marker]:hidden">
        <Menu aria-hidden="true" className="size-5 group-open/menu:hidden" />
        <X aria-hidden="true" className="hidden size-5 group-open/menu:block" />
        {/* The summary says what it does next, JavaScript or not: the hidden one is not read out either. */}
        <span className="group-open/menu:hidden">{t("common.openMenu")}</span>
        <span className="hidden group-open/menu:inline">{t("common.closeMenu")}</span>
      </summary>
      <div className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-zinc-200 bg-white px-4 pt-3 pb-5 shadow-lg shell-bar:contents dark:border-zinc-800 dark:bg-zinc-950">
        <nav aria-label={t("common.mainNavigation")} className="shell-bar:min-w-0 shell-bar:flex-1">
          <ul className="flex flex-col gap-1 shell-bar:flex-row shell-bar:flex-wrap">
            {nav.map(({ to, label, icon: Icon, end }) => (
              <li key={to}>
                <NavLink to={to} end={end} className="shell-nav-link">
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  {label}
                </NavLink>
              </li>
            ))}
            {/* The account page is the person's menu's first item from 768 px; below, where that menu lies open under
                the navigation, it is the navigation's last. Listed once either way, and the bar keeps to one line. */}
            <li className="shell-bar:hidden">
              <NavLink to={account.to} className="shell-nav-link">
                <CircleUserRound aria-hidden="true" className="size-4 shrink-0" />
                {account.label}
              </NavLink>
            </li>
          </ul>
        </nav>
        <hr className="my-4 border-zinc-200 shell-bar:hidden dark:border-zinc-800" />
        {tools ? <div className="mb-4 min-w-0 empty:hidden shell-bar:mb-0">{tools}</div> : null}
        <UserMenu user={user} account={account} />
      </div>
    </details>
  );
}

/**
 * The frame of /app and /manager (docs/product.md, "The shell"): logo, navigation with icons, the area's tools and
 * the signed-in person's menu; below 768 px everything but the logo folds into one menu (ShellMenu).
 */
export function AreaLayout({
  home,
  nav,
  user,
  account,
  tools,
  children,
}: {
  home: string;
  nav: NavItem[];
  user: ShellUser;
  /** The area's account page: first item of the person's menu, last of the navigation on a phone. */
  account: { to: string; label: string };
  /** What the area adds to the header, before the person's menu (the organization switcher in /app). */
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
      <header className="relative border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
        <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 md:flex-nowrap">
          <Logo to={home} />
          <ShellMenu nav={nav} user={user} account={account} tools={tools} />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        {children}
      </main>
    </div>
  );
}
