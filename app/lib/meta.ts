// Page titles: "<emoji or [name]> <page title> | Groundwork" (docs/product.md).
import { PRODUCT } from "~/locales/product";

type EnvironmentBanner = { name: string; emoji?: string } | null;
type MatchLike = { id: string; loaderData?: unknown } | undefined;

function titleWithEnvironment(title: string, environment: EnvironmentBanner, suffix: string = PRODUCT.name): string {
  const prefix = environment ? (environment.emoji ?? `[${environment.name}]`) : "";
  return `${prefix ? `${prefix} ` : ""}${title} | ${suffix}`;
}

type RootTitleData = { environment: EnvironmentBanner; productName: string } | undefined;

/** A document title from the root loader's data (absent when the root loader itself failed): for the error page. */
export function documentTitle(title: string, root: RootTitleData): string {
  return titleWithEnvironment(title, root?.environment ?? null, root?.productName);
}

/**
 * For a route's `meta`: the title from its loader data, prefixed with the environment from the root loader. Without
 * loader data the loader threw, and the error page renders its own `<title>`: a second one here would win the tab.
 */
export function pageTitle(matches: readonly MatchLike[], title: string | undefined) {
  if (title === undefined) return [];
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootTitleData;
  return [{ title: documentTitle(title, root) }];
}
