// What the server refuses before the app runs (ADR 010): a body over MAX_BODY_BYTES, a method we do not serve, a Host
// that does not parse, a path with a control character. A refusal is short plain text with the security headers of
// every page; one sent while the client is still sending its body drains that body, bounded, before the connection
// closes.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";

/** The largest request body read. Our largest form is under 4 KB. */
export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * The one exception: a picture upload, a POST to a path whose last segment is `picture` (ADR 051), reads up to twice
 * UPLOAD_MAX_BYTES, so that a file somewhat over the limit reaches the page, which refuses it in words; beyond, 413.
 */
const UPLOAD_PATH = /\/picture(\.data)?$/;
/** The largest request line and headers together; node:http answers 431 beyond. */
export const MAX_HEADER_BYTES = 16 * 1024;
/**
 * After a refusal sent while the client is still sending its body, the server reads and drops at most this much of it
 * and waits at most LINGER_MS for its end before closing. Closing with unread data sends a reset, which has the client
 * drop the refusal it had not read yet; reverse proxies linger the same way (Apache 2 s, nginx 5 s a read). Above the
 * 20 MB of a large upload, so that such a client finishes and the close is clean.
 */
const LINGER_BYTES = 32 * 1024 * 1024;
const LINGER_MS = 2_000;
const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST"]);

export type Refusal = { status: number; text: string; headers?: Record<string, string> };

const tooLarge: Refusal = { status: 413, text: "Payload Too Large" };
const badRequest: Refusal = { status: 400, text: "Bad Request" };

/** The largest body `req` may send: MAX_BODY_BYTES, or twice `uploadMaxBytes` for a picture upload. */
export function bodyLimitOf(req: IncomingMessage, uploadMaxBytes: number): number {
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  return req.method === "POST" && UPLOAD_PATH.test(path)
    ? Math.max(MAX_BODY_BYTES, 2 * uploadMaxBytes)
    : MAX_BODY_BYTES;
}

/** What a request is refused for before anything else reads it, or undefined when it may go on. */
export function refusalOf(req: IncomingMessage, maxBodyBytes = MAX_BODY_BYTES): Refusal | undefined {
  if (!ALLOWED_METHODS.has(req.method ?? "")) {
    return { status: 405, text: "Method Not Allowed", headers: { Allow: "GET, HEAD, POST" } };
  }
  // React Router's listener builds the request's URL this way and answers a 500 when it does not parse.
  if (!URL.canParse(`http://${req.headers.host ?? "localhost"}${req.url}`)) return badRequest;
  if (hasControlCharacterInPath(req.url)) return badRequest;
  if (declaredLength(req) > maxBodyBytes) return tooLarge;
  return undefined;
}

export type Refuse = (req: IncomingMessage, res: ServerResponse, refusal: Refusal) => void;

/** Answers refusals with `headers` (the app's `refusalHeaders`); the request never reaches the app. */
export function refuser(headers: Headers): Refuse {
  return (req, res, { status, text, headers: extra = {} }) => {
    res.setHeaders(headers);
    if (!hasUnreadBody(req)) {
      res.writeHead(status, extra);
      res.end(text);
      return;
    }
    // Its body is not read to its end to reuse the connection: the connection closes after a bounded drain.
    res.setHeader("Connection", "close");
    res.writeHead(status, { ...extra, "Content-Length": Buffer.byteLength(text) });
    res.write(text);
    drainThenClose(req, res);
  };
}

/**
 * Ends a refusal whose whole answer is written: once the body has arrived, or after LINGER_BYTES or LINGER_MS. Ending
 * it lets node:http close the connection (Connection: close); until then the client can read the refusal.
 */
function drainThenClose(req: IncomingMessage, res: ServerResponse) {
  let drained = 0;
  const end = () => {
    clearTimeout(timer);
    res.end();
  };
  const timer = setTimeout(end, LINGER_MS);
  res.once("close", () => clearTimeout(timer));
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > LINGER_BYTES) req.pause(); // what else it sends waits in the socket until LINGER_MS
  });
  req.once("end", end);
  req.resume();
}

export function declaredLength(req: IncomingMessage): number {
  return Number(req.headers["content-length"] ?? 0);
}

function hasUnreadBody(req: IncomingMessage): boolean {
  return !req.complete && (req.headers["transfer-encoding"] !== undefined || declaredLength(req) > 0);
}

/**
 * Hands the request to the app (`handle`) with the watch its body needs, in one tick: a body waits, paused, in
 * node:http until something listens, and data that flowed before the app's body stream listens would be lost to it.
 */
export function handOver(
  req: IncomingMessage,
  res: ServerResponse,
  refuse: Refuse,
  handle: RequestListener,
  maxBodyBytes = MAX_BODY_BYTES,
): void {
  if (hasUnreadBody(req)) {
    if (req.headers["transfer-encoding"] !== undefined) limitStreamedBody(req, res, refuse, maxBodyBytes);
    // An answer given before the body was read (the origin check's 403) leaves the rest of the body unread, and
    // node:http does not drain a body the app began to read: the connection would stall until requestTimeout.
    res.once("finish", () => {
      if (!req.complete) req.destroy();
    });
  }
  return handle(req, res);
}

/**
 * Counts a streamed (chunked) body as it arrives and cuts it off past `maxBodyBytes`; `handOver` starts it in the
 * tick `handle` starts, whose body stream listens to the same 'data' events. Past the limit the app's request is
 * aborted with the event req.destroy() emits before it closes the socket: the app's body stream (node-fetch-server)
 * stops listening and aborts `request.signal`, so the app neither reads the rest nor answers after the 413, while the
 * connection stays open for the refusal's drain.
 */
function limitStreamedBody(req: IncomingMessage, res: ServerResponse, refuse: Refuse, maxBodyBytes: number) {
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= maxBodyBytes) return;
    req.off("data", count);
    // On the next tick: the app's body stream, which listens after this counter, takes this chunk first.
    process.nextTick(() => {
      if (req.destroyed) return;
      if (res.headersSent) {
        req.destroy();
        return;
      }
      req.emit("aborted");
      refuse(req, res, tooLarge);
    });
  };
  req.on("data", count);
}

/**
 * True when the path, decoded, holds a control character or a line separator: no URL of ours has one, and React
 * Router's patterns stop at a line break, so such a path would match no route at all (not even the not-found page's).
 * A malformed escape is left to React Router, which answers it with the not-found page.
 */
function hasControlCharacterInPath(url = "/"): boolean {
  const path = url.split("?")[0] ?? "";
  try {
    return /[\p{Cc}\u2028\u2029]/u.test(decodeURIComponent(path));
  } catch {
    return false;
  }
}
