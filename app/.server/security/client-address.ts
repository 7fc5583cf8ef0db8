/**
 * The client's address, as written by our Node server entry (server.js) from the socket, or from the
 * X-Forwarded-For header of a trusted proxy when TRUST_PROXY is on. The server always overwrites any incoming value.
 */
export function clientAddress(request: Request): string {
  return request.headers.get("x-client-ip")?.trim() || "unknown";
}
