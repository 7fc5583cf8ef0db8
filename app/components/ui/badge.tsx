import type { ReactNode } from "react";

/**
 * What a badge means, by colour: the tones are utilities in app/app.css (ADR 035), named whole here because Tailwind
 * writes only the names it finds in the source (`badge-${tone}` would be none). Each keeps at least 4.5:1 contrast in
 * both themes (the accessibility spec checks it), and a badge always carries words: colour alone never says a state.
 */
const tones = {
  neutral: "badge-neutral",
  brand: "badge-brand",
  success: "badge-success",
  warning: "badge-warning",
  danger: "badge-danger",
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
    <span className={`badge ${tones[tone]}`}>
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
