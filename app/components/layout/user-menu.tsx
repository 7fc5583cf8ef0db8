import { Form, Link } from "react-router";

import { Preferences } from "~/components/preferences";
import { ChevronDown, CircleUserRound, LogOut } from "~/components/ui/icons";
import { useTranslation } from "~/lib/translation";
import { Avatar } from "./avatar";
import { useDisclosureDismiss } from "./use-disclosure-dismiss";

export type ShellUser = { name: string; email: string; image: string | null };

const menuItemClassName =
  "flex w-full items-center gap-2 rounded-md px-3 py-2 text-start text-sm font-medium text-zinc-800 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-zinc-200 dark:hover:bg-zinc-800";

/** Who is signed in: picture or initials, name and e-mail. */
function UserBlock({ user }: { user: ShellUser }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={user.name} image={user.image} className="size-10 text-sm" />
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold">{user.name}</p>
        <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">{user.email}</p>
      </div>
    </div>
  );
}

/** Sign-out is a POST (never a GET that a link preview could trigger), so it is a form. */
function SignOutItem() {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={menuItemClassName}>
        <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        {t("common.signOut")}
      </button>
    </Form>
  );
}

/** The account link, the preferences and sign-out, in the order a person looks for them. */
function UserMenuContent({ user, account }: { user: ShellUser; account: { to: string; label: string } }) {
  return (
    <div className="flex flex-col gap-3">
      <UserBlock user={user} />
      <hr className="border-zinc-200 dark:border-zinc-800" />
      {/* In the phone menu the navigation above already holds the account page. */}
      <Link to={account.to} className={`${menuItemClassName} shell-list:hidden`}>
        <CircleUserRound aria-hidden="true" className="size-4" />
        {account.label}
      </Link>
      <div className="px-3">
        <Preferences compact={false} />
      </div>
      <hr className="border-zinc-200 dark:border-zinc-800" />
      <SignOutItem />
    </div>
  );
}

/**
 * The signed-in person's menu: a `<details>` disclosure, so it opens and its links and forms work without JavaScript;
 * with it, Escape and a click outside close it (useDisclosureDismiss). Inside the phone menu (`shell-list`, app.css)
 * it lies open, its summary gone.
 */
export function UserMenu({ user, account }: { user: ShellUser; account: { to: string; label: string } }) {
  const { t } = useTranslation();
  const ref = useDisclosureDismiss();
  return (
    <details
      ref={ref}
      className="group/user relative shell-list:details-content:contents shell-list:details-content:[content-visibility:visible]"
    >
      <summary
        aria-label={t("shell.userMenu", { name: user.name })}
        className="flex cursor-pointer list-none items-center gap-2 rounded-full p-0.5 pe-2 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 group-open/user:bg-zinc-100 shell-list:hidden dark:hover:bg-zinc-800 dark:group-open/user:bg-zinc-800 [&::-webkit-details-marker]:hidden"
      >
        <Avatar name={user.name} image={user.image} />
        {/* From 1280 px: between 1024 and 1280 the navigation needs the room (the name is in the menu too). */}
        <span className="hidden max-w-40 truncate text-sm font-medium xl:inline">{user.name}</span>
        <ChevronDown aria-hidden="true" className="size-4 group-open/user:rotate-180" />
      </summary>
      <div className="absolute end-0 top-full z-40 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-zinc-200 bg-white p-3 shadow-lg shell-list:static shell-list:mt-0 shell-list:w-auto shell-list:max-w-none shell-list:rounded-none shell-list:border-0 shell-list:bg-transparent shell-list:p-0 shell-list:shadow-none dark:border-zinc-800 dark:bg-zinc-900 shell-list:dark:bg-transparent">
        <UserMenuContent user={user} account={account} />
      </div>
    </details>
  );
}
