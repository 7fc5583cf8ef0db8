/**
 * Keeps a `redirect` value only when it is a path on this site ("/app/repositories?x=1"), so a link can never send
 * a person elsewhere after sign-in. Anything else (absolute URLs, "//host", "/\\host", control characters) gives "".
 */
export function safeRedirect(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\"))
    return "";
  if (value.length > 2000 || value.includes("\\") || hasControlCharacter(value)) return "";
  try {
    const base = "http://groundwork.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return "";
    // The parser tidies "/.//host" into "//host": check what is returned, not only what came in.
    if (url.pathname.startsWith("//")) return "";
    if (url.pathname.startsWith("/api/") || url.pathname === "/logout") return "";
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return "";
  }
}

/** Adds `redirect` to a path when there is one to keep. */
export function withRedirect(path: string, redirectTo: string): string {
  const safe = safeRedirect(redirectTo);
  if (!safe) return path;
  return `${path}${path.includes("?") ? "&" : "?"}redirect=${encodeURIComponent(safe)}`;
}

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The path of a Referer header when it is a page of this site ("" otherwise): where "back" leads. */
export function sameSitePath(referrer: string | null, requestUrl: string): string {
  if (!referrer) return "";
  try {
    const url = new URL(referrer);
    return url.origin === new URL(requestUrl).origin ? safeRedirect(`${url.pathname}${url.search}`) : "";
  } catch {
    return "";
  }
}
