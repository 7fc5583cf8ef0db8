import { redirect } from "react-router";

import { signOut } from "~/.server/features/sign-in";
import { stopImpersonating } from "~/.server/features/user-access";
import { auditActorOf } from "~/.server/web/caller";
import { cookieHeaders } from "~/.server/web/http";
import { getSession } from "~/.server/web/session";
import { redirectWithToast } from "~/.server/web/toast";
import type { Route } from "./+types/logout";

// Sign-out ends the session on the server and says so on the login page (an info toast); a GET only leads back there.
const signedOut = { type: "info", message: "shell.signedOut" } as const;

export function loader() {
  return redirect("/login");
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context);
  const actor = auditActorOf(request, context);
  if (session?.session.impersonatedBy) {
    // Signing out while impersonating signs the admin out too: their own session waits in better-auth's
    // admin_session cookie, and must not outlive a sign-out on a shared computer.
    const stopped = await stopImpersonating(
      { id: session.user.id, email: session.user.email },
      {
        headers: request.headers,
        actor,
      },
    );
    if (stopped.ok) {
      const adminCookie = stopped.setCookies.map((line) => line.split(";")[0]).join("; ");
      const cleared = await signOut(new Headers({ cookie: adminCookie }), { ...actor, user: null });
      return redirectWithToast("/login", signedOut, { headers: cookieHeaders([...stopped.setCookies, ...cleared]) });
    }
  }
  return redirectWithToast("/login", signedOut, { headers: cookieHeaders(await signOut(request.headers, actor)) });
}
