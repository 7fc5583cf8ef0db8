import type { ReactNode } from "react";

import { Logo } from "~/components/layout/logo";
import { Preferences } from "~/components/preferences";

/**
 * The frame of the pages before the areas (sign-in, onboarding): the logo, the card at the top of the page (it does not
 * move when a message makes it taller), and right under it the language and the theme, one click each, no script.
 */
export function AuthShell({ home, children }: { home: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center gap-8 bg-zinc-50 px-4 py-12 dark:bg-zinc-950">
      <Logo to={home} />
      <main id="main" className="flex w-full flex-col items-center">
        {children}
      </main>
      <footer className="-mt-2 w-full max-w-sm">
        <Preferences />
      </footer>
    </div>
  );
}
