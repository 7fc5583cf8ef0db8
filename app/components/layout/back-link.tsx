import type { ReactNode } from "react";
import { Link } from "react-router";

/** The link above a detail page back to its list. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="text-sm text-brand-600 underline underline-offset-4 hover:decoration-2 dark:text-brand-100"
    >
      {children}
    </Link>
  );
}
