// "Stop impersonating", posted by the banner on every page while an admin impersonates someone. Like every POST it
// passes the origin check first (root middleware).
import { redirect } from "react-router";

import { signOut } from "~/.server/features/sign-in";
import { stopImpersonating } from "~/.server/features/user-access";
import { auditActorOf } from "~/.server/web/caller";
import { destinationFor } from "~/.server/web/guards";
import { cookieHeaders } from "~/.server/web/http";
import { getSession } from "~/.server/web/session";
import { redirectWithToast } from "~/.server/web/toast";
import type { Route } from "./+types/impersonation-stop";

// A GET only leads home.
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context);
  // The impersonation has ended already (its hour is up, or someone signed it out): nothing to stop.
  if (!session) return redirect("/login");
  if (!session.session.impersonatedBy) return redirect(destinationFor(session.user, null));
  const impersonated = { id: session.user.id, email: session.user.email };
  const stopped = await stopImpersonating(impersonated, {
    headers: request.headers,
    actor: auditActorOf(request, context),
  });
  if (!stopped.ok) {
    // The admin's own session is gone (revoked, expired): end the impersonation anyway; they sign in again.
    return redirect("/login", {
      headers: cookieHeaders(await signOut(request.headers, auditActorOf(request, context))),
    });
  }
  return redirectWithToast(
    `/manager/users/${impersonated.id}`,
    { type: "success", message: "impersonation.stopped", params: { name: session.user.name || session.user.email } },
    { headers: cookieHeaders(stopped.setCookies) },
  );
}
