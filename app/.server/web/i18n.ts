// The request's language and its i18next instance (ADR 026). Detection order: ?lng=, then the lng cookie, then
// Accept-Language, then English. Each language has one i18next instance, made on first use and shared by every request
// in that language: the dictionaries are in the bundle, nothing on the server changes an instance's language, and
// making and initialising an instance per request was a tenth of a page's time (`npm run bench:http`).
import { createInstance, type i18n } from "i18next";
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import { getEnv } from "~/.server/platform/env";
import { resources } from "~/lib/dictionaries";
import { defaultLanguage, isLanguage, type Language } from "~/lib/i18n";

/** The chosen language, kept 43200 minutes (docs/product.md). */
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  maxAge: 43200 * 60,
  httpOnly: false,
  secure: getEnv().https,
});

/** A supported language named by a language tag ("fr", "fr-CA", "AR"), or undefined. */
function supported(tag: unknown): Language | undefined {
  if (typeof tag !== "string") return undefined;
  const primary = tag.trim().split("-", 1)[0]!.toLowerCase();
  return isLanguage(primary) ? primary : undefined;
}

/** The first supported language of an Accept-Language header, by quality (RFC 9110 §12.5.4); q=0 means "not this". */
export function fromAcceptLanguage(header: string | null): Language | undefined {
  if (!header) return undefined;
  let best: { language: Language; quality: number } | undefined;
  // A header is short; a hostile one is cut at 50 entries rather than parsed whole.
  for (const entry of header.split(",", 50)) {
    const [tag = "", ...parameters] = entry.split(";");
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (!(quality > 0)) continue;
    const language = supported(tag);
    if (language && (!best || quality > best.quality)) best = { language, quality };
  }
  return best?.language;
}

async function detect(request: Request): Promise<Language> {
  const fromQuery = supported(new URL(request.url).searchParams.get("lng"));
  if (fromQuery) return fromQuery;
  const fromCookie = supported(await languageCookie.parse(request.headers.get("Cookie")));
  if (fromCookie) return fromCookie;
  return fromAcceptLanguage(request.headers.get("Accept-Language")) ?? defaultLanguage;
}

const instances = new Map<Language, i18n>();

/** The shared instance of a language, initialised synchronously on first use (the resources are in the bundle). */
export function instanceFor(language: Language): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createInstance({
      resources,
      lng: language,
      fallbackLng: defaultLanguage,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    void instance.init();
    instances.set(language, instance);
  }
  return instance;
}

const languageContext = createContext<Language>(defaultLanguage);

export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(languageContext, await detect(request));
  return next();
};

/** The request's language. */
export const getLocale = (context: Readonly<RouterContextProvider>): Language => context.get(languageContext);

/** The i18next instance of the request's language. */
export const getInstance = (context: Readonly<RouterContextProvider>): i18n => instanceFor(getLocale(context));
