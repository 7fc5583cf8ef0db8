import type { RouterContextProvider } from "react-router";
import { getSession } from "./session";
import { getLocale } from "./i18n";
import { clientAddress } from "../platform/security/client-address";

/** Who is asking, in the terms the feature modules take: headers for better-auth, an address, a language. */
export function callerOf(request: Request, context: Readonly<RouterContextProvider>) {
  return {
    headers: request.headers,
    client: clientAddress(request),
    language: getLocale(context),
    previousSessionToken: getSession(context)?.session.token,
  };
}
