import type { ReactNode } from "react";

/** The frame of the sign-in pages: a centred card under the product name. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="w-full max-w-sm rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <h1 className="text-xl font-semibold">{title}</h1>
      {description ? <div className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</div> : null}
      <div className="mt-6 flex flex-col gap-4">{children}</div>
    </section>
  );
}
