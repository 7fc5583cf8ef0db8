import type { ReactNode } from "react";

const tones = {
  info: "border-brand-100 bg-brand-50 text-brand-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100",
  success: "border-green-200 bg-green-50 text-green-800 dark:border-green-900 dark:bg-green-950 dark:text-green-200",
  error: "border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200",
} as const;

/** A message in the page: role=alert for errors (announced at once), role=status otherwise. */
export function Alert({ tone = "info", children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md border px-4 py-3 text-sm ${tones[tone]}`}>
      {children}
    </div>
  );
}
