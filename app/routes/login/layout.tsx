import { Outlet } from "react-router";

import { Logo } from "~/components/layout/logo";
import { Preferences } from "~/components/preferences";

// The sign-in pages work as plain HTML and ship no JavaScript: the framework alone is over the login page's
// 110 kB budget (ADR 007).
export const handle = { hydrate: false };

export default function LoginLayout() {
  return (
    <div className="flex min-h-dvh flex-col items-center gap-8 bg-zinc-50 px-4 py-12 dark:bg-zinc-950">
      <Logo to="/login" />
      <main id="main" className="flex w-full flex-col items-center">
        <Outlet />
      </main>
      {/* Right under the card: one click on a language or a theme applies it, no Apply button, no script. */}
      <footer className="-mt-2 w-full max-w-sm">
        <Preferences />
      </footer>
    </div>
  );
}
