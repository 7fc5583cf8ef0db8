import { useTranslation } from "~/lib/translation";
import { ErrorPage } from "./error-page";

/** The not-found page rendered inside an area's layout (/login, /app, /manager), with a 404 status from the loader. */
export function NotFoundContent() {
  const { t } = useTranslation();
  return <ErrorPage status={404} title={t("errors.notFoundTitle")} message={t("errors.notFound")} />;
}
