import { isIPv4, isIPv6 } from "node:net";

import { getEnv } from "~/.server/platform/env";

/** The request header in which the server (server/) hands the app the client's address (the socket's, or a proxy's). */
export const CLIENT_ADDRESS_HEADER = "x-client-ip";

/**
 * The subject the request counts against for the rate limits (`rateLimitSubject`), read from the address the server
 * wrote (`socketOrProxyAddress`, server/client-cap.ts: the socket's, or the nearest hop of a trusted proxy's
 * X-Forwarded-For); the server always overwrites any incoming value. Under the Vite dev server nothing does, so there
 * every client is "unknown" rather than whatever it claims.
 */
export function rateLimitSubjectOf(request: Request): string {
  if (getEnv().NODE_ENV !== "production") return "unknown";
  return rateLimitSubject(request.headers.get(CLIENT_ADDRESS_HEADER) ?? "");
}

/**
 * The client's address as it is, for the record (the audit trail, a session's IP); null under the dev server or
 * when it is not an IP address.
 */
export function clientIp(request: Request): string | null {
  if (getEnv().NODE_ENV !== "production") return null;
  const bare = withoutPort((request.headers.get(CLIENT_ADDRESS_HEADER) ?? "").trim());
  return isIPv4(bare) || isIPv6(bare) ? bare : null;
}

/**
 * Who a request counts against, for the rate limits (ADR 005) and the server's cap on requests in flight per client:
 * an IPv4 address as is (also when written IPv4-mapped, `::ffff:1.2.3.4`), and any other IPv6 address as its /64 in
 * canonical form (`2001:db8:1:2::/64`), because one subscriber usually holds a whole /64. Pure, and idempotent.
 */
export function rateLimitSubject(address: string): string {
  const bare = withoutPort(address.trim());
  if (isIPv4(bare)) return bare;
  const groups = ipv6Groups(bare);
  if (!groups) return bare || "unknown";
  const [a, b, c, d, e, f, g, h] = groups as [number, number, number, number, number, number, number, number];
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) {
    return [g >> 8, g & 0xff, h >> 8, h & 0xff].join(".");
  }
  // RFC 5952: lowercase, no leading zeros, the longest run of zero groups as "::". The host half is all zeros, so
  // that run is the trailing one, extended by any zero groups that end the prefix.
  const prefix = [a, b, c, d];
  while (prefix.length > 0 && prefix[prefix.length - 1] === 0) prefix.pop();
  return `${prefix.map((group) => group.toString(16)).join(":")}::/64`;
}

/** "[2001:db8::1]:443" and "1.2.3.4:5678" (as some proxies write X-Forwarded-For) without the brackets and port. */
function withoutPort(address: string): string {
  if (address.startsWith("[")) return address.slice(1, address.indexOf("]") === -1 ? undefined : address.indexOf("]"));
  const colon = address.indexOf(":");
  if (colon !== -1 && colon === address.lastIndexOf(":") && isIPv4(address.slice(0, colon)))
    return address.slice(0, colon);
  return address;
}

/** The eight 16-bit groups of an IPv6 address (zone dropped, a dotted IPv4 tail read as two groups). */
function ipv6Groups(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined;
  let text = address.split("%")[0]!.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [p, q, r, s] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((p << 8) | q).toString(16)}:${((r << 8) | s).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = rest ? rest.split(":") : [];
  const zeros = rest === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => "0");
  const groups = [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : undefined;
}
