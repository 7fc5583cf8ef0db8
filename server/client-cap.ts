// Who a client is, and the cap on its requests in flight (MAX_REQUESTS_PER_CLIENT, ADR 010): one client cannot take
// every turn of the event loop. Static files are not counted.
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The address the request came from, as the server writes it for the app (CLIENT_ADDRESS_HEADER): the socket's, or
 * with `trustProxy` the nearest hop the proxy reports in X-Forwarded-For. The app turns it into the subject rate
 * limits count against (`rateLimitSubject`, app/.server/platform/security/client-address.ts).
 */
export function socketOrProxyAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = String(req.headers["x-forwarded-for"] ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const nearest = forwarded.at(-1);
    if (nearest) return nearest;
  }
  return req.socket.remoteAddress ?? "unknown";
}

/**
 * `admit` admits a request of `subject` while it has fewer than `max` in flight (0: no cap), and counts it until its
 * answer closes, or until `release` says the app is done with it (a refusal that drains the rest of a body, which
 * lasts up to LINGER_MS and is no work for the app); `admit` returns false to refuse it.
 */
export function clientCap(max: number): {
  admit: (subject: string, res: ServerResponse) => boolean;
  release: (res: ServerResponse) => void;
} {
  const inFlight = new Map<string, number>();
  const releases = new WeakMap<ServerResponse, () => void>();
  return {
    admit(subject, res) {
      if (max === 0) return true;
      const count = inFlight.get(subject) ?? 0;
      if (count >= max) return false;
      inFlight.set(subject, count + 1);
      const release = () => {
        if (!releases.delete(res)) return; // counted once, whichever comes first
        const left = (inFlight.get(subject) ?? 1) - 1;
        if (left > 0) inFlight.set(subject, left);
        else inFlight.delete(subject);
      };
      releases.set(res, release);
      res.once("close", release);
      return true;
    },
    release: (res) => releases.get(res)?.(),
  };
}
