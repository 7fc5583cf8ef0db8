import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { auth, type Session } from "./auth";

const sessionContext = createContext<Session | null>(null);

/**
 * Reads the session once per request. better-auth may refresh it (sliding expiry) and answer with a new cookie:
 * that Set-Cookie is forwarded on whatever response the route gives, or the browser's cookie would never be renewed.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { headers, response: session } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  context.set(sessionContext, session);
  const response = await next();
  // A sign-in or sign-out sets the session cookie itself: that one wins over a refresh.
  const alreadySet = new Set(response.headers.getSetCookie().map((cookie) => cookie.split("=")[0]));
  for (const cookie of headers.getSetCookie()) {
    if (!alreadySet.has(cookie.split("=")[0])) response.headers.append("Set-Cookie", cookie);
  }
  return response;
};

export function getSession(context: Readonly<RouterContextProvider>): Session | null {
  return context.get(sessionContext);
}
