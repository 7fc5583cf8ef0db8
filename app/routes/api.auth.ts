import { holdGitHubSession, recordGitHubCallback } from "~/.server/features/sign-in";
import { auth, SESSION_COOKIE } from "~/.server/platform/auth/auth";
import { clientIp } from "~/.server/platform/security/client-address";
import { pendingSecondFactorCookie } from "~/.server/web/sign-in-cookies";
import { safeRedirect, withRedirect } from "~/lib/redirect";
import type { Route } from "./+types/api.auth";

// better-auth's HTTP endpoints are not our API (ADR 010): what people do goes through our own actions, schemas and
// limits. Over HTTP better-auth serves only what a browser must reach directly: the GitHub sign-in callback.
const EXPOSED = [{ method: "GET", path: "/api/auth/callback/github" }];

async function handle(request: Request) {
  const path = new URL(request.url).pathname;
  if (!EXPOSED.some((endpoint) => endpoint.method === request.method && endpoint.path === path)) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const response = await auth.handler(request);
  // A person with a second factor gives it before a session reaches the browser (ADR 052).
  const pendingId = await holdGitHubSession(response.headers.getSetCookie());
  if (pendingId) {
    const back = new URL(response.headers.get("location") ?? "/login", "http://callback.invalid");
    const redirectTo = safeRedirect(back.searchParams.get("redirect"));
    const headers = new Headers({ Location: withRedirect("/login/second-factor", redirectTo) });
    // better-auth's other cookies (its state, cleared) still go; the session cookie does not.
    for (const cookie of response.headers.getSetCookie())
      if (!cookie.startsWith(`${SESSION_COOKIE}=`)) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", await pendingSecondFactorCookie(pendingId));
    return new Response(null, { status: 302, headers });
  }
  // The audit trail reads what the callback ended in (a session cookie, or a redirect to the error page). Nobody is
  // signed in before it, so the actor is only the client's address.
  await recordGitHubCallback(
    { location: response.headers.get("location"), setCookies: response.headers.getSetCookie() },
    { user: null, impersonatorId: null, ip: clientIp(request) },
  );
  return response;
}

export function loader({ request }: Route.LoaderArgs) {
  return handle(request);
}

export function action({ request }: Route.ActionArgs) {
  return handle(request);
}
