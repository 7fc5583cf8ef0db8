import { auth } from "~/.server/auth/auth";
import type { Route } from "./+types/api.auth";

// better-auth's own handler: the GitHub callback and JSON clients. Its rate limit and origin checks apply here.
export function loader({ request }: Route.LoaderArgs) {
  return auth.handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return auth.handler(request);
}
