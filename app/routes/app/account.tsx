import { accountAction, accountLoader } from "~/.server/account";
import { AccountPage } from "~/components/account/account-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export function loader(args: Route.LoaderArgs) {
  return accountLoader(args, { apps: ["app"] });
}

export function action(args: Route.ActionArgs) {
  return accountAction(args, { apps: ["app"] });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountPage user={loaderData.user} result={actionData?.result} />;
}

export const ErrorBoundary = RouteErrorBoundary;
