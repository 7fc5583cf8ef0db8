// A page that is the same for every visitor who sends no cookie (the sign-in page) is rendered once a minute per URL
// and language, not once per request (ADR 028). Only such visitors are served from it: a cookie or an Authorization
// header means someone's own page, rendered as usual. Every answer still gets its own CSP nonce.
import type { MiddlewareFunction } from "react-router";

import { getEnv } from "../platform/env";
import { nonceContext } from "./security-middleware";

/** How long a page is reused; its inputs are the code and the environment, so this only bounds any surprise. */
const TTL_MS = 60_000;
/** At most this many pages (a sign-in page is about 11 kB of HTML); the oldest goes first. */
const MAX_ENTRIES = 64;
/** A longer key (a long query, header or URL) is rendered as usual rather than stored. */
const MAX_KEY_LENGTH = 2048;
/**
 * Every request header the cached pages or the root loader read is part of the key: Accept-Language picks the
 * language, Referer the error page's "Go back". A loader that starts reading another header must add it here.
 */
const KEYED_HEADERS = ["accept-language", "referer"] as const;
/** A request that carries one of these is someone's own: never answered from the cache, never stored in it. */
const PERSONAL_HEADERS = ["cookie", "authorization"] as const;

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

/**
 * The middleware of a route whose page depends only on the URL, the keyed headers, the environment and the code.
 * It stores a 200 HTML answer that sets no cookie, and answers the same request again with the stored page, whose
 * nonce is replaced by this request's (the security headers, set around it, carry the same one).
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
    const body = await response.text();
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
