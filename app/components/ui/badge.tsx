import type { ReactNode } from "react";

/**
 * What a badge means, by colour. Each tone keeps at least 4.5:1 contrast in both themes (the accessibility spec
 * checks it), and a badge always carries words: colour alone never says a state.
 */
const tones = {
  neutral: "bg-zinc-100 text-zinc-800 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-200 dark:ring-zinc-600",
  brand: "bg-brand-50 text-brand-700 ring-brand-100 dark:bg-zinc-800 dark:text-brand-100 dark:ring-brand-500",
  success: "bg-green-50 text-green-800 ring-green-200 dark:bg-green-950 dark:text-green-200 dark:ring-green-800",
  warning: "bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800",
  danger: "bg-red-50 text-red-800 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-800",
} as const;

export type BadgeTone = keyof typeof tones;

/** A short label for a role or a state: an optional icon (decorative) and words. */
export function Badge({
  tone = "neutral",
  icon,
  children,
}: {
  tone?: BadgeTone;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex max-w-full items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${tones[tone]}`}
    >
      {icon ? (
        <span aria-hidden="true" className="inline-flex shrink-0 [&>svg]:size-3.5">
          {icon}
        </span>
      ) : null}
      {/* A long word (an error code recorded as it came) wraps rather than pushing the page sideways on a phone. */}
      <span className="min-w-0 [overflow-wrap:anywhere]">{children}</span>
    </span>
  );
}
