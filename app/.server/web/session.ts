import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import { auth, SESSION_COOKIE, type Session } from "~/.server/platform/auth/auth";
import { endImpersonationsBy } from "~/.server/platform/auth/impersonation";
import { mayImpersonate } from "~/.server/platform/auth/permissions";
import { touchSession } from "~/.server/platform/auth/session-activity";
import { readSession, type Impersonator } from "~/.server/platform/auth/session-read";
import { getEnv } from "~/.server/platform/env";

const sessionContext = createContext<Session | null>(null);

/** A ban is in force until its end date, if it has one. */
function isBanned(user: { banned?: boolean | null; banExpires?: Date | null }, now = Date.now()): boolean {
  return Boolean(user.banned) && (!user.banExpires || user.banExpires.getTime() > now);
}

/** An impersonation holds while the admin behind it exists, has no ban in force and may still impersonate (ADR 017). */
function impersonatorMayAct(impersonator: Impersonator | null): boolean {
  return impersonator !== null && !isBanned(impersonator) && mayImpersonate(impersonator, getEnv().ADMIN_USER_IDS);
}

/** The Set-Cookie that removes the session cookie from the browser. */
function clearSessionCookie(): string {
  const secure = getEnv().https ? "; Secure" : "";
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * Reads the session once per request. better-auth may refresh it (sliding expiry) and answer with a new cookie:
 * that Set-Cookie is forwarded on whatever response the route gives, or the browser's cookie would never be renewed.
 * A banned user is signed out here, whatever wrote the ban (ADR 010): their sessions end and the cookie is cleared.
 * So is an impersonation whose admin was banned, demoted or deleted: every session that admin impersonates through
 * ends (ADR 017).
 * A session's "last active" time is kept to within a few minutes (`touchSession`). A request without cookies is not
 * looked up: better-auth reads the session from its cookie only.
 * Pages for a signed-in person are never stored by a browser or a proxy.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const result = request.headers.has("Cookie") ? await readSession(request.headers) : null;
  let session = result?.session ?? null;
  const setCookies = result?.setCookies ?? [];
  const impersonatedBy = session?.session.impersonatedBy;
  if (session && isBanned(session.user)) {
    await (await auth.$context).internalAdapter.deleteUserSessions(session.user.id);
    session = null;
    setCookies.splice(0, setCookies.length, clearSessionCookie());
  } else if (impersonatedBy && !impersonatorMayAct(result?.impersonator ?? null)) {
    await endImpersonationsBy(impersonatedBy);
    session = null;
    setCookies.splice(0, setCookies.length, clearSessionCookie());
  }
  if (session) await touchSession(session.session.id, session.session.updatedAt);
  context.set(sessionContext, session);
  const response = await next();
  // A sign-in or sign-out sets the session cookie itself: that one wins over a refresh.
  const alreadySet = new Set(response.headers.getSetCookie().map((cookie) => cookie.split("=")[0]));
  for (const cookie of setCookies) {
    if (!alreadySet.has(cookie.split("=")[0])) response.headers.append("Set-Cookie", cookie);
  }
  // A signed-in answer is kept by no cache, but one the route itself marked private (a picture, kept a year under its
  // name: ADR 051) when it sets no cookie.
  const privateByRoute = response.headers.get("Cache-Control")?.startsWith("private,") ?? false;
  if (response.headers.has("Set-Cookie") || (session && !privateByRoute))
    response.headers.set("Cache-Control", "private, no-store");
  return response;
};

export function getSession(context: Readonly<RouterContextProvider>): Session | null {
  return context.get(sessionContext);
}
