import type { RouterContextProvider } from "react-router";

import { clientAddress } from "../platform/security/client-address";
import { getLocale } from "./i18n";
import { getSession } from "./session";

/** Who is asking, in the terms the feature modules take: headers for better-auth, an address, a language. */
export function callerOf(request: Request, context: Readonly<RouterContextProvider>) {
  return {
    headers: request.headers,
    client: clientAddress(request),
    language: getLocale(context),
    previousSessionToken: getSession(context)?.session.token,
  };
}
