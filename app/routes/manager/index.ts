import { redirect } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import type { Route } from "./+types/index";

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission({ request, context }, { apps: ["manager"] });
  return redirect("/manager/dashboard");
}
