import { useEffect, useState } from "react";
import { isRouteErrorResponse, useLocation, useRevalidator, useRouteError } from "react-router";

import { isStepUpPrompt } from "~/lib/step-up";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "~/lib/use-hydrated";
import { ErrorPage } from "./error-page";
import { StepUpForm } from "./step-up/step-up-form";
import { Button, buttonClassName } from "./ui/button";

export const RETRY_DELAY_MS = 600;

/** "Try again": disables itself, shows a spinner, and after 600 ms reloads the route's data (docs/product.md). */
function TryAgain() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [retrying, setRetrying] = useState(false);
  useEffect(() => {
    if (!retrying) return;
    const timer = setTimeout(() => void revalidator.revalidate().finally(() => setRetrying(false)), RETRY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [retrying, revalidator]);
  // Without JavaScript, a link that reloads the page.
  if (!hydrated) {
    return (
      <a href={`${location.pathname}${location.search}`} className={buttonClassName("primary")}>
        {t("errors.tryAgain")}
      </a>
    );
  }
  return (
    <Button type="button" disabled={retrying} pending={retrying} onClick={() => setRetrying(true)}>
      {t("errors.tryAgain")}
    </Button>
  );
}

/** The error boundary of a route: the step-up form, 403 and 404 pages, or the message with Try again, Go back and Go home. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error)) {
    // An action that cannot be undone, asked without a recent step-up: prove it is you, then it runs (ADR 053).
    if (isStepUpPrompt(error.data)) return <StepUpForm prompt={error.data.stepUp} />;
    if (error.status === 403)
      return <ErrorPage status={403} title={t("errors.forbiddenTitle")} message={t("errors.forbidden")} />;
    if (error.status === 404)
      return <ErrorPage status={404} title={t("errors.notFoundTitle")} message={t("errors.notFound")} />;
    // A change that waited too long for its turn (app/.server/platform/exclusive.ts): nothing was done, ask again.
    if (error.status === 503)
      return <ErrorPage status={503} title={t("errors.busyTitle")} message={t("errors.busy")} action={<TryAgain />} />;
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Stack traces only in development; a visitor sees the translated message.
  const details = import.meta.env.DEV && error instanceof Error ? `${error.message}\n${error.stack ?? ""}` : undefined;
  return (
    <ErrorPage
      status={status}
      title={t("errors.serverErrorTitle")}
      message={t("errors.serverError")}
      details={details}
      action={<TryAgain />}
    />
  );
}
