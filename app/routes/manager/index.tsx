import { redirect } from "react-router";

import { requireUser } from "~/.server/web/guards";
import type { Route } from "./+types/index";

// /manager redirects to /manager/dashboard, inside the manager layout. The guard runs first, so
// an ordinary user gets the 403 page rather than a redirect.
export function loader({ request, context }: Route.LoaderArgs) {
  requireUser({ request, context });
  return redirect("/manager/dashboard");
}

// A UI route (not a resource route), so that a refusal renders the layout's error page.
export default function ManagerIndex() {
  return null;
}
