// Security headers on every response (ADR 004). The CSP nonce is made per request by the security middleware.
import { randomFillSync } from "node:crypto";

/** Random bytes for 256 nonces, drawn from the CSPRNG in one call: a call per request was 12–15 % of the main thread's
 * time under load on the sign-in page (ADR 037). */
const pool = Buffer.alloc(16 * 256);
let next = pool.length;

/** 16 bytes of the system's CSPRNG, never handed out twice, in base64. */
export function createNonce(): string {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  next += 16;
  return pool.toString("base64", next - 16, next);
}

export function contentSecurityPolicy({
  nonce,
  development,
  formTargets,
}: {
  nonce: string;
  development: boolean;
  formTargets: string[];
}) {
  return [
    "default-src 'self'",
    development ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'" : `script-src 'self' 'nonce-${nonce}'`,
    // sonner and vaul position their layers with inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    development ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    // Chromium applies form-action to the redirect that follows a form post (the GitHub sign-in button).
    `form-action 'self' ${formTargets.join(" ")}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

export function applySecurityHeaders(
  headers: Headers,
  options: { nonce: string; development: boolean; https: boolean; formTargets: string[] },
) {
  headers.set("Content-Security-Policy", contentSecurityPolicy(options));
  applyCommonHeaders(headers, options.https);
}

/**
 * Headers of a plain-text refusal that the server (server/limits.ts) makes before the app runs (405, 400, 413, 503):
 * the same set as every page, with a policy that lets nothing load, since such a response has nothing to load.
 */
export function refusalHeaders({ https }: { https: boolean }): Headers {
  const headers = new Headers({
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  });
  applyCommonHeaders(headers, https);
  return headers;
}

function applyCommonHeaders(headers: Headers, https: boolean) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (https) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
