// The guard of an organization's pages (docs/architecture.md, "Organization-scoped guards"): the signed-in user's
// membership in *this* organization, read once per request and kept in the router context.
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import { findMembership, type Membership } from "~/.server/platform/auth/membership";
import { organizationRoleCan, type OrganizationPermissions } from "~/.server/platform/auth/permissions";
import { auditActorOf } from "./caller";
import { requireUser } from "./guards";
import { forbidden, notFound } from "./http";

const scopeContext = createContext<Membership | null>(null);

type ScopeArgs = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { slug?: string };
};

/**
 * Reads the organization named by `params.slug` and the user's membership in it, and stores both for the rest of the
 * request. No such organization, or not a member: the 404 page for both, so slugs cannot be probed.
 */
async function requireOrganizationScope({ request, context, params }: ScopeArgs): Promise<Membership> {
  const known = (context as RouterContextProvider).get(scopeContext);
  if (known) return known;
  const user = requireUser({ request, context });
  const slug = params.slug ?? "";
  const membership = slug.length <= 200 ? await findMembership(slug, user.id) : null;
  if (!membership) notFound();
  (context as RouterContextProvider).set(scopeContext, membership);
  return membership;
}

/** The scope guard, registered once as the organization layout's middleware. */
export function organizationScope(): MiddlewareFunction<Response> {
  return async (args, next) => {
    await requireOrganizationScope(args);
    return next();
  };
}

/** The scope the middleware read. Missing means a route outside the layout forgot `requireOrganizationScope`. */
export function getOrganizationScope(context: Readonly<RouterContextProvider>): Membership {
  const scope = context.get(scopeContext);
  if (!scope) throw new Error("No organization scope: register organizationScope() or call requireOrganizationScope");
  return scope;
}

/** Whether my role in this organization allows every listed permission: for what a page shows. */
export function organizationCan(scope: Membership, permissions: OrganizationPermissions): boolean {
  return organizationRoleCan(scope.member.role, permissions);
}

/** The scope, when my role in it allows every listed permission; the 403 page otherwise. */
export function requireOrganizationPermission(
  context: Readonly<RouterContextProvider>,
  permissions: OrganizationPermissions,
): Membership {
  const scope = getOrganizationScope(context);
  if (!organizationCan(scope, permissions)) forbidden();
  return scope;
}

/**
 * The caller, in the terms the organization feature modules take (their `OrganizationCaller`: the type is theirs,
 * and TypeScript matches the two where a route hands one to the other).
 */
export function organizationCallerOf(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requireUser({ request, context });
  return { userId: user.id, headers: request.headers, actor: auditActorOf(request, context) };
}
