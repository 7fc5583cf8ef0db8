// Every mutating request must come from this site (ADR 004, ADR 010).

/** Methods that change nothing: the only ones allowed without an origin check, and let through in demo mode. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD"]);

/**
 * True when a request may change something: a safe method, or a request sent by a page of this very site. Each
 * signal the request carries must agree: an Origin header, when sent, must be this site's, and Fetch Metadata, when
 * sent, must say same-origin. A request with neither is refused.
 */
export function isSameSiteRequest(request: Request, appUrl: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const origin = request.headers.get("origin");
  const fetchSite = request.headers.get("sec-fetch-site");
  if (origin === null && fetchSite === null) return false;
  return (origin === null || origin === new URL(appUrl).origin) && (fetchSite === null || fetchSite === "same-origin");
}
