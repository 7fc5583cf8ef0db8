// A page that is the same for every visitor who sends no cookie (the sign-in page) is rendered once a minute per key,
// not once per request (ADR 028). It is safe by construction: from the first root middleware on, the request's headers
// note every name read, and a page is stored only when all it read is in its key. Anything else is served as rendered,
// and not stored. A cookie or an Authorization header means someone's own page, never answered from the cache.
// Every answer still gets its own CSP nonce.
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import { getEnv } from "~/.server/platform/env";
import { logger } from "~/.server/platform/logger";
import { nonceContext } from "./security-middleware";

/** How long a page is reused; its inputs are the code and the environment, so this only bounds any surprise. */
const TTL_MS = 60_000;
/** At most this many pages (a sign-in page is about 11 kB of HTML); the oldest goes first. */
const MAX_ENTRIES = 64;
/** A longer key (a long query, header or URL) is rendered as usual rather than stored. */
const MAX_KEY_LENGTH = 2048;
/**
 * The request headers in the key, beside the URL. The root and sign-in pages read these today: Accept-Language picks
 * the language, Referer the error page's "Go back", User-Agent whether the render waits for all of the page (a bot).
 * A page that reads another header is not stored (`storable`), so adding one here is only ever a question of speed.
 */
const KEYED_HEADERS = ["accept-language", "referer", "user-agent"] as const;
/** A request that carries one of these is someone's own: never answered from the cache, never stored in it. */
const PERSONAL_HEADERS = ["cookie", "authorization"] as const;
/** What a stored page may have read: its key, and the personal headers, whose absence every key implies. */
const MAY_READ: ReadonlySet<string> = new Set([...KEYED_HEADERS, ...PERSONAL_HEADERS]);
/** Read set entry of a request whose headers were listed (iterated) rather than read by name. */
const ALL = "*";

/** The names of the request headers read since the first root middleware, or null when nothing recorded them. */
const headerReadsContext = createContext<Set<string> | null>(null);

/**
 * The request's own Headers object notes each name read: by name, and ALL when it is listed or copied whole, or the
 * request cloned. (`new Request(request)` copies the headers inside undici, unseen: React Router does so only after
 * an action, never for a GET.)
 */
function recordReads(request: Request): Set<string> {
  const headers = request.headers;
  const read = new Set<string>();
  const byName = (method: (name: string) => unknown) => (name: string) => {
    read.add(name.toLowerCase());
    return method.call(headers, name);
  };
  const whole =
    <A extends unknown[], R>(method: (...args: A) => R) =>
    (...args: A): R => {
      read.add(ALL);
      return method.apply(headers, args);
    };
  const proto = Headers.prototype;
  Object.assign(headers, {
    get: byName(proto.get),
    has: byName(proto.has),
    getSetCookie: whole(proto.getSetCookie),
    entries: whole(proto.entries),
    keys: whole(proto.keys),
    values: whole(proto.values),
    forEach: whole(proto.forEach),
    [Symbol.iterator]: whole(proto[Symbol.iterator]),
  });
  request.clone = whole(Request.prototype.clone.bind(request));
  return read;
}

/**
 * The first root middleware: a GET the cache may answer gets headers that record what is read from them, so that
 * everything below (middleware, loaders, the render in entry.server.tsx) is seen.
 */
export const headerReadsMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  if (request.method === "GET" && !PERSONAL_HEADERS.some((name) => request.headers.has(name)))
    context.set(headerReadsContext, recordReads(request));
  return next();
};

/** The headers a render read beyond its key: none when it may be stored; ALL when nothing recorded them. */
function unkeyedReads(context: Readonly<RouterContextProvider>): string[] {
  const read = context.get(headerReadsContext);
  return read ? [...read].filter((name) => !MAY_READ.has(name)) : [ALL];
}

/** A stored page: its bytes cut where its nonce was, so that an answer is one copy with the request's nonce put back. */
type Entry = { parts: Buffer[]; status: number; headers: Headers; storedAt: number };

/** `page` in UTF-8, cut at every occurrence of `nonce`. */
function cutAt(page: string, nonce: string): Buffer[] {
  return page.split(nonce).map((part) => Buffer.from(part));
}

/** The stored page with `nonce` wherever its own nonce was: one copy of its bytes. */
function joinWith(parts: Buffer[], nonce: string): Buffer<ArrayBuffer> {
  const glue = Buffer.from(nonce);
  return Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [glue, part])));
}

/** The key of a request the cache may answer, or null when it must be rendered as usual. */
function keyOf(request: Request): string | null {
  if (request.method !== "GET") return null;
  if (PERSONAL_HEADERS.some((name) => request.headers.has(name))) return null;
  const key = [request.url, ...KEYED_HEADERS.map((name) => request.headers.get(name) ?? "")].join("\n");
  return key.length <= MAX_KEY_LENGTH ? key : null;
}

/** Each unkeyed header is named once in the log: the page that reads it is rendered every time, which is slower. */
const reported = new Set<string>();

/**
 * The middleware of a route whose page is the same for every visitor without a cookie. It stores a 200 HTML answer
 * that sets no cookie and read no header outside its key, and answers the same request again with the stored page,
 * whose nonce is replaced by this request's (the security headers, set around it, carry the same one).
 */
export function documentCache(now: () => number = Date.now): MiddlewareFunction<Response> {
  const entries = new Map<string, Entry>();
  return async ({ request, context }, next) => {
    const key = keyOf(request);
    if (key === null || getEnv().NODE_ENV === "development") return next();
    const nonce = context.get(nonceContext);
    const stored = entries.get(key);
    if (stored && now() - stored.storedAt < TTL_MS)
      return new Response(joinWith(stored.parts, nonce), {
        status: stored.status,
        headers: new Headers(stored.headers),
      });
    const response = await next();
    if (
      !nonce ||
      response.status !== 200 ||
      response.headers.has("set-cookie") ||
      !response.headers.get("content-type")?.startsWith("text/html")
    )
      return response;
    // The whole page is rendered once its body is read: only then is every header it read known.
    const body = await response.text();
    const unkeyed = unkeyedReads(context);
    if (unkeyed.length > 0) {
      const name = unkeyed.join(", ");
      if (!reported.has(name)) {
        reported.add(name);
        logger.warn("document cache: the page read request headers outside its key; not stored", { headers: name });
      }
      return new Response(body, { status: response.status, headers: response.headers });
    }
    entries.delete(key);
    entries.set(key, {
      parts: cutAt(body, nonce),
      status: response.status,
      headers: new Headers(response.headers),
      storedAt: now(),
    });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    return new Response(body, { status: response.status, headers: response.headers });
  };
}
