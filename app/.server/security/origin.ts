// Every mutating request must come from this site (ADR 004): Fetch Metadata first, the Origin header otherwise.
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** True when a request may change something: a safe method, or a request sent by a page of this very site. */
export function isSameSiteRequest(request: Request, appUrl: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite === "same-origin";
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return false;
  return origin === new URL(appUrl).origin;
}
