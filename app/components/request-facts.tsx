import { createContext, useContext } from "react";

type Theme = "system" | "light" | "dark";
const themes: readonly string[] = ["system", "light", "dark"];

/** What entry.server.tsx knows of the request before any loader runs: its theme cookie. */
type RequestFacts = { theme: Theme };

const RequestContext = createContext<RequestFacts>({ theme: "system" });

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
