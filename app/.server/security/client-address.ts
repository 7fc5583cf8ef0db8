import { getEnv } from "../env";

/**
 * The client's address, as written by our Node server entry (server.js) from the socket, or from the
 * X-Forwarded-For header of a trusted proxy when TRUST_PROXY is on; server.js always overwrites any incoming value.
 * Under the Vite dev server nothing does, so there every client is "unknown" rather than whatever it claims.
 */
export function clientAddress(request: Request): string {
  if (getEnv().NODE_ENV !== "production") return "unknown";
  return request.headers.get("x-client-ip")?.trim() || "unknown";
}
