import { createContext, useContext, useState } from "react";

import { useHydrated } from "~/lib/use-hydrated";

type Theme = "system" | "light" | "dark";
const themes: readonly string[] = ["system", "light", "dark"];

/** What entry.server.tsx knows of the request before any loader runs: its theme cookie and its id (the log's). */
type RequestFacts = { theme: Theme; requestId: string | undefined };

const RequestContext = createContext<RequestFacts>({ theme: "system", requestId: undefined });

export const RequestFactsProvider = RequestContext.Provider;

/**
 * The page's theme: the root loader's, or, on a page a middleware refused before any loader ran (the 403 of an area's
 * guard), the request's cookie on the server and the class the server rendered in the browser, so hydration agrees.
 */
export function usePageTheme(fromLoader: Theme | undefined): Theme {
  const { theme } = useContext(RequestContext);
  if (fromLoader) return fromLoader;
  if (typeof document === "undefined") return theme;
  const rendered = document.documentElement.className;
  return themes.includes(rendered) ? (rendered as Theme) : theme;
}

export const REFERENCE_ATTRIBUTE = "data-request-reference";

/**
 * The id of the request that failed, for an error page to show as the reference a person gives support: on the server
 * the request's, while hydrating the one the server rendered. An error met later, in the browser, has none to show.
 */
export function useRequestReference(): string | undefined {
  const { requestId } = useContext(RequestContext);
  const hydrated = useHydrated();
  const [reference] = useState(() => {
    if (typeof document === "undefined") return requestId;
    if (hydrated) return undefined;
    return document.querySelector(`[${REFERENCE_ATTRIBUTE}]`)?.textContent ?? undefined;
  });
  return reference;
}
