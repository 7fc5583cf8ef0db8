// The signed-in person's home (docs/product.md, "Home"): a greeting, what they can do next, their organizations,
// the invitations waiting for them and the newest repositories. Each next step is offered only when the server
// would allow it.
import { HOME_REPOSITORIES, loadHome } from "~/.server/features/home";
import { requireUser, userCan } from "~/.server/web/guards";
import { getInstance } from "~/.server/web/i18n";
import { getSession } from "~/.server/web/session";
import { HomePage } from "~/components/home/home-page";
import { organizationLimits } from "~/features/organizations/organizations.server";
import { newestRepositories } from "~/features/repositories/repositories.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  const canReadRepositories = userCan(user, { repository: ["read"] });
  const [home, repositories] = await Promise.all([
    loadHome({ userId: user.id, email: user.email }),
    canReadRepositories ? newestRepositories(HOME_REPOSITORIES) : [],
  ]);
  return {
    title: getInstance(context).t("app.homeTitle"),
    name: user.name,
    email: user.email,
    ...home,
    repositories,
    can: {
      createOrganization: home.organizationCount < organizationLimits().organizationsPerUser,
      readRepositories: canReadRepositories,
      // Not while impersonating: the manager is closed to an admin acting as someone else.
      openManager: userCan(user, { apps: ["manager"] }) && !getSession(context)?.session.impersonatedBy,
    },
  };
}

export default function AppHome({ loaderData }: Route.ComponentProps) {
  return <HomePage home={loaderData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
