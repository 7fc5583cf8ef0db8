// Guards: the first line of every loader and action.
import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import type { SessionUser } from "~/.server/platform/auth/auth";
import { hasPermission, isAdmin, type Permissions } from "~/.server/platform/auth/permissions";
import { getEnv } from "~/.server/platform/env";
import { safeRedirect, withRedirect } from "~/lib/redirect";
import { forbidden } from "./http";
import { getSession } from "./session";
import { redirectWithToast } from "./toast";

type GuardArgs = { request: Request; context: Readonly<RouterContextProvider> };

function currentPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname.replace(/\.data$/, "")}${url.search}`;
}

export function isOnboarded(user: Pick<SessionUser, "onboardedAt">): boolean {
  return Boolean(user.onboardedAt);
}

/** `isAdmin` with this deployment's ADMIN_USER_IDS. */
export function isAdminUser(user: Pick<SessionUser, "id" | "role">): boolean {
  return isAdmin(user, getEnv().ADMIN_USER_IDS);
}

export function userCan(user: Pick<SessionUser, "id" | "role">, permissions: Permissions): boolean {
  return hasPermission(user, permissions, getEnv().ADMIN_USER_IDS);
}

/** Where a signed-in person goes next: onboarding first, then the page they asked for, then their area. */
export function destinationFor(user: Pick<SessionUser, "id" | "role" | "onboardedAt">, redirectTo: unknown): string {
  const wanted = safeRedirect(redirectTo);
  if (!isOnboarded(user)) return withRedirect("/onboarding", wanted);
  if (wanted) return wanted;
  return userCan(user, { apps: ["manager"] }) ? "/manager" : "/app";
}

export function getOptionalUser({ context }: Pick<GuardArgs, "context">): SessionUser | null {
  return getSession(context)?.user ?? null;
}

/** A signed-in user, onboarding not required (the onboarding page itself). Anonymous visitors go to /login. */
export function requireSignedIn({ request, context }: GuardArgs): SessionUser {
  const user = getOptionalUser({ context });
  if (!user) throw redirect(withRedirect("/login", currentPath(request)));
  return user;
}

/** A signed-in user who has finished onboarding. */
export function requireUser(args: GuardArgs): SessionUser {
  const user = requireSignedIn(args);
  if (!isOnboarded(user)) throw redirect(withRedirect("/onboarding", currentPath(args.request)));
  return user;
}

/** A user holding every listed permission; anyone else gets the 403 page. */
export function requirePermission(args: GuardArgs, permissions: Permissions): SessionUser {
  const user = requireUser(args);
  if (!userCan(user, permissions)) forbidden();
  return user;
}

export type Area = "app" | "manager";

/**
 * The guard of an area, registered once as its layout's middleware: it runs before every loader and action under
 * `/app` or `/manager`, so a new route cannot forget it. Routes then check only what they add (a permission).
 * An admin impersonating someone is sent from `/manager` to `/app`, whatever the role of the person they act as: they
 * see the product as that person. A redirect rather than the 403 page, because a page refused by a middleware renders
 * without the root loader's data, so without the impersonation banner and its "Stop impersonating".
 */
export function areaGuard(area: Area): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    if (area === "manager" && getSession(context)?.session.impersonatedBy)
      throw await redirectWithToast("/app", { type: "info", message: "impersonation.managerClosed" });
    requirePermission({ request, context }, { apps: [area] });
    return next();
  };
}
