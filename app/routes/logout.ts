import { redirect } from "react-router";

import { signOut } from "~/.server/features/sign-in";
import { auditActorOf } from "~/.server/web/caller";
import { cookieHeaders } from "~/.server/web/http";
import type { Route } from "./+types/logout";

// Sign-out ends the session on the server; a GET only leads back to the login page.
export function loader() {
  return redirect("/login");
}

export async function action({ request, context }: Route.ActionArgs) {
  const setCookies = await signOut(request.headers, auditActorOf(request, context));
  return redirect("/login", { headers: cookieHeaders(setCookies) });
}
