import { createContext, type MiddlewareFunction } from "react-router";

import { getEnv } from "~/.server/platform/env";
import { applySecurityHeaders, createNonce } from "~/.server/platform/security/headers";
import { isSameSiteRequest } from "~/.server/platform/security/origin";
import { forbidden } from "./http";

/** The CSP nonce of this request; entry.server.tsx puts it on every inline script. */
export const nonceContext = createContext<string>("");

/** Sets the security headers on every response, error pages included (ADR 004). */
export const securityHeadersMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const env = getEnv();
  const nonce = createNonce();
  context.set(nonceContext, nonce);
  const response = await next();
  applySecurityHeaders(response.headers, {
    nonce,
    development: env.NODE_ENV === "development",
    https: env.https,
    formTargets: env.githubEnabled ? ["https://github.com"] : [],
  });
  return response;
};

/** Refuses any mutation that does not come from a page of this site: 403, and nothing runs (ADR 004). */
export const originCheckMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (!isSameSiteRequest(request, getEnv().APP_URL)) {
    forbidden();
  }
  return next();
};
