import { redirect, type MiddlewareFunction } from "react-router";

import { dialogHref } from "../../lib/dialog";
import { sameSitePath } from "../../lib/redirect";
import { getEnv } from "../platform/env";
import { SAFE_METHODS } from "../platform/security/origin";

// What a demo visitor may still do: sign in, sign out, choose a language and a theme.
const ALLOWED = [/^\/login(\/verify)?$/, /^\/logout$/, /^\/preferences$/, /^\/api\/auth\/callback\//];

function isAllowedInDemo(pathname: string): boolean {
  const path = pathname.replace(/\.data$/, "");
  return ALLOWED.some((pattern) => pattern.test(path));
}

/**
 * In demo mode every other mutation is refused here, before any action runs, and answered by sending the visitor
 * back to the page they were on with the "Demo Mode" dialog open. Nothing changes.
 */
export const demoModeMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (!getEnv().DEMO_MODE || SAFE_METHODS.has(request.method) || isAllowedInDemo(new URL(request.url).pathname))
    return next();
  const back = sameSitePath(request.headers.get("referer"), request.url) || "/";
  const url = new URL(back, "http://groundwork.invalid");
  throw redirect(dialogHref({ pathname: url.pathname, search: url.search }, "demo"), 303);
};
