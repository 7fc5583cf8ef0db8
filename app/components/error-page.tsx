import { useTranslation } from "react-i18next";
import { Link, useRouteLoaderData } from "react-router";

import { buttonClassName } from "./ui/button";

/** The 403/404/500 page: the message, "Go back" (browser history) and "Go home". Works without JavaScript. */
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
  const backHref = useRouteLoaderData<{ referrer?: string }>("root")?.referrer ?? "/";
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-lg flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <title>{`${title} | Groundwork`}</title>
      <p className="text-5xl font-bold text-brand-600 dark:text-brand-100">{status}</p>
      <h1 className="text-2xl font-semibold">{message}</h1>
      <div className="flex flex-wrap justify-center gap-3">
        {action}
        {/* Without JavaScript, a link to the page that led here stands in for history.back(). */}
        <a
          href={backHref}
          className={buttonClassName("secondary")}
          onClick={(event) => {
            if (history.length < 2) return;
            event.preventDefault();
            history.back();
          }}
        >
          {t("errors.goBack")}
        </a>
        <Link to="/" className={buttonClassName("primary")}>
          {t("errors.goHome")}
        </Link>
      </div>
      {details ? <pre className="mt-6 max-w-full overflow-auto text-start text-xs">{details}</pre> : null}
    </div>
  );
}
