import type { RouterContextProvider } from "react-router";

import { clientIp, rateLimitSubjectOf } from "~/.server/platform/security/client-address";
import { getLocale } from "./i18n";
import { getSession } from "./session";

/** Who is asking, in the terms the feature modules take: headers for better-auth, an address, a language. */
export function callerOf(request: Request, context: Readonly<RouterContextProvider>) {
  return {
    headers: request.headers,
    client: rateLimitSubjectOf(request),
    language: getLocale(context),
    previousSessionToken: getSession(context)?.session.token,
  };
}

/**
 * Who acts, for the audit trail: the signed-in user (and the admin impersonating them), and the client's address.
 * The audit module's `AuditActor` is the type; TypeScript matches the two where a route hands this over.
 */
export function auditActorOf(request: Request, context: Readonly<RouterContextProvider>) {
  const session = getSession(context);
  return {
    user: session ? { id: session.user.id, email: session.user.email } : null,
    impersonatorId: session?.session.impersonatedBy ?? null,
    ip: clientIp(request),
  };
}
