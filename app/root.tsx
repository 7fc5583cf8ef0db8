import { useEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";

import type { Route } from "./+types/root";
import { useTranslation } from "./lib/translation";

import "./app.css";

import { bannerColors } from "./.server/platform/banner-colors";
import { getEnv } from "./.server/platform/env";
import { demoModeMiddleware, getDemoRefusal, isDemoNoticeHidden } from "./.server/web/demo-mode";
import { headerReadsMiddleware } from "./.server/web/document-cache";
import { getInstance, getLocale, i18nextMiddleware, languageCookie } from "./.server/web/i18n";
import { readYourWritesMiddleware } from "./.server/web/read-your-writes";
import { originCheckMiddleware, securityHeadersMiddleware } from "./.server/web/security-middleware";
import { getSession, sessionMiddleware } from "./.server/web/session";
import { readTheme } from "./.server/web/theme";
import { takeToast } from "./.server/web/toast";
import { DemoModeDialog, DemoNotice } from "./components/demo-mode";
import { EnvironmentBanner } from "./components/environment-banner";
import { ImpersonationBanner } from "./components/impersonation-banner";
import { NavigationProgress } from "./components/navigation-progress";
import { useNonce } from "./components/nonce";
import { usePageTheme } from "./components/request-facts";
import { RouteErrorBoundary } from "./components/route-error-boundary";
import { Toaster } from "./components/ui/toaster";
import { defaultLanguage, directionOf, fontScale, isLanguage } from "./lib/i18n";
import { switchLanguage } from "./lib/load-language";
import { sameSitePath } from "./lib/redirect";

// Order matters: what the request's headers are read for is noted first, for the document cache (ADR 028); then the
// language (every page, error pages too, is translated), then the headers (they wrap every response below them), then
// the origin check, then the replica brought up to the person's last write (ADR 050), then the session.
export const middleware: Route.MiddlewareFunction[] = [
  headerReadsMiddleware,
  i18nextMiddleware,
  securityHeadersMiddleware,
  originCheckMiddleware,
  demoModeMiddleware,
  readYourWritesMiddleware,
  sessionMiddleware,
];

// The icons and the web app manifest are files of public/ (docs/architecture.md, "Where each kind of code goes").
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = getEnv();
  const detected = getLocale(context);
  const locale = isLanguage(detected) ? detected : defaultLanguage;
  const t = getInstance(context).t;
  const url = new URL(request.url);
  const headers = new Headers();
  // A ?lng= choice is remembered for the next visits (docs/product.md).
  if (url.searchParams.has("lng")) headers.append("Set-Cookie", await languageCookie.serialize(locale));
  const { toast, setCookie } = await takeToast(request);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  const session = getSession(context);
  return data(
    {
      locale,
      theme: await readTheme(request),
      productName: t("meta.productName"),
      environment: env.ENV_NAME
        ? { name: env.ENV_NAME, emoji: env.ENV_EMOJI, ...bannerColors(env.ENV_COLOR ?? "#f59e0b") }
        : null,
      demoMode: env.DEMO_MODE,
      // Put away for this visit by the visitor (the notice's Hide button).
      demoNoticeHidden: env.DEMO_MODE && (await isDemoNoticeHidden(request)),
      // What a refused change had typed, once, for the form it came from (app/lib/demo-refusal.ts).
      demoRefusal: getDemoRefusal(context),
      toast,
      // While an admin impersonates someone, every page says so (and offers the way back).
      impersonating: session?.session.impersonatedBy ? { name: session.user.name || session.user.email } : null,
      // "Go back" without JavaScript: the page that led here, when it is on this site.
      referrer: sameSitePath(request.headers.get("referer"), request.url) || undefined,
    },
    { headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  const nonce = useNonce();
  // Pages whose route says `handle: { hydrate: false }` ship no JavaScript at all (ADR 007: the sign-in pages).
  const hydrate = !useMatches().some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
  const locale = rootData?.locale ?? (isLanguage(i18n.language) ? i18n.language : defaultLanguage);
  const theme = usePageTheme(rootData?.theme);
  useEffect(() => {
    // A marker that JavaScript has taken over the page, an error page too (browser tests wait for it before acting).
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html
      lang={locale}
      dir={directionOf(locale)}
      className={theme}
      style={{ "--font-scale": fontScale[locale] } as React.CSSProperties}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme === "system" ? "light dark" : theme} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {rootData?.environment ? <EnvironmentBanner {...rootData.environment} /> : null}
        {rootData?.demoMode && !rootData.demoNoticeHidden ? <DemoNotice /> : null}
        {rootData?.impersonating ? <ImpersonationBanner name={rootData.impersonating.name} /> : null}
        <NavigationProgress />
        {/* Before the page: without JavaScript the flash is a strip in the flow, above the header it must not cover. */}
        <Toaster flash={rootData?.toast ?? null} dir={directionOf(locale)} theme={theme} />
        {children}
        {rootData?.demoMode ? <DemoModeDialog /> : null}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== loaderData.locale) void switchLanguage(i18n, loaderData.locale);
  }, [i18n, loaderData.locale]);
  useEffect(() => {
    // The cookie is the source of truth (server-rendered, no flash); local storage mirrors it (docs/product.md).
    localStorage.setItem("theme", loaderData.theme);
  }, [loaderData.theme]);
  return <Outlet />;
}

// At the root there is no layout around the error page: it is the page's main landmark.
export function ErrorBoundary() {
  return (
    <main id="main">
      <RouteErrorBoundary />
    </main>
  );
}
