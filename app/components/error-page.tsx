import { Link, useRouteLoaderData } from "react-router";

import { documentTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "~/lib/use-hydrated";
import { REFERENCE_ATTRIBUTE, useRequestReference } from "./request-facts";
import { buttonClassName } from "./ui/button";

/**
 * The 403/404/500 page: the message, the page's own action (Try again) as the one primary button, "Go back" (when a page
 * of ours led here) and "Go home", and on a failed request its id, as the reference to give support. Works without
 * JavaScript.
 */
export function ErrorPage({
  status,
  title,
  message,
  details,
  action,
}: {
  status: number;
  title: string;
  message: string;
  details?: string | undefined;
  action?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<Parameters<typeof documentTitle>[1] & { referrer?: string }>("root");
  const referrer = root?.referrer;
  // With JavaScript, the browser's history knows where "back" is even after client-side navigations.
  const hasHistory = useHydrated() && history.length > 1;
  const reference = useRequestReference();
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-lg flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      {/* Titled like every page (app/lib/meta.ts): the environment's prefix, then the product's name. */}
      <title>{documentTitle(title, root)}</title>
      <p className="text-5xl font-bold text-brand-600 dark:text-brand-100">{status}</p>
      <h1 className="text-2xl font-semibold">{message}</h1>
      <div className="flex flex-wrap justify-center gap-3">
        {action}
        {/* A link to the page of ours that led here, history.back() with JavaScript. Without either (a typed or
            outside link, no JavaScript) there is no "back" of ours: "Go home" alone. */}
        {referrer || hasHistory ? (
          <a
            href={referrer ?? "/"}
            className={buttonClassName("secondary")}
            onClick={(event) => {
              if (history.length < 2) return;
              event.preventDefault();
              history.back();
            }}
          >
            {t("errors.goBack")}
          </a>
        ) : null}
        <Link to="/" className={buttonClassName(action ? "secondary" : "primary")}>
          {t("errors.goHome")}
        </Link>
      </div>
      {reference && status >= 500 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t("errors.reference")}{" "}
          <code {...{ [REFERENCE_ATTRIBUTE]: "" }} dir="ltr" className="font-mono whitespace-nowrap select-all">
            {reference}
          </code>
        </p>
      ) : null}
      {details ? <pre className="mt-6 max-w-full overflow-auto text-start text-xs">{details}</pre> : null}
    </div>
  );
}
