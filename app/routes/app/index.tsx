import { useTranslation } from "react-i18next";

import { requireUser } from "~/.server/web/guards";
import { getInstance } from "~/.server/web/i18n";
import { WithUserText } from "~/components/users/user-text";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  return { title: getInstance(context).t("app.homeTitle"), name: user.name, email: user.email };
}

export default function AppHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-2">
      <h1 className="text-2xl font-semibold">
        <WithUserText sentence={(name) => t("app.greeting", { name })} value={loaderData.name} />
      </h1>
      <p className="text-zinc-700 dark:text-zinc-300">{t("app.homeText")}</p>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        <WithUserText sentence={(email) => t("app.signedInAs", { email })} value={loaderData.email} dir="ltr" />
      </p>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
