// The production server (ADR 002, ADR 010): plain node:http, our static files (compressed at build time by
// scripts/compress-assets.mjs, listed once at start), then React Router. Little memory.
// It prepares the database (migrations, seed) before it listens, and writes the client address the app trusts.
// Before the app runs it refuses what a hostile client can send: a body over MAX_BODY_BYTES, a method we do
// not serve, a Host that does not parse, a request that takes too long to arrive, and more requests in flight from
// one client than MAX_REQUESTS_PER_CLIENT. A stop lets requests in flight finish, up to SHUTDOWN_DEADLINE_MS.
import { createReadStream, readdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, relative, sep } from "node:path";
import { pipeline } from "node:stream";
import { createRequestListener } from "@react-router/node";

/** The largest request body read. Our largest form is under 4 KB. */
const MAX_BODY_BYTES = 1024 * 1024;
/** The largest request line and headers together; node:http answers 431 beyond. */
const MAX_HEADER_BYTES = 16 * 1024;
/** How long a stop waits for requests in flight before it closes every connection: under Docker's 10 s grace. */
const SHUTDOWN_DEADLINE_MS = 8_000;
const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST"]);

let build;
try {
  build = await import("./build/server/index.js");
} catch (error) {
  // The bundle reads the environment as it loads (app/.server/platform/env.ts): a bad variable is one line, not a stack.
  if (error instanceof Error && error.name === "EnvError") {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const { CLIENT_ADDRESS_HEADER, getEnv, prepareDatabase, rateLimitSubject, refusalHeaders, databaseClient } =
  build.entry.module;
// What this file takes from the build (app/entry.server.tsx): a build older than this file lacks some of it.
if ([CLIENT_ADDRESS_HEADER, getEnv, prepareDatabase, rateLimitSubject, refusalHeaders].includes(undefined)) {
  console.error("The build is older than server.js: run `npm run build` (or `npm start`, which builds first).");
  process.exit(1);
}

let env;
try {
  env = getEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
try {
  await prepareDatabase();
} catch (error) {
  // A refused token or an unreachable database (app/.server/platform/db/prepare.ts) is one line naming the variable.
  if (error instanceof Error && error.name === "EnvError") {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const clientRoot = join(process.cwd(), "build", "client");
const types = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".map": "application/json",
  ".xml": "application/xml",
};

/** One version of a file as it is sent: its path on disk, length and validator. */
function variant(file) {
  const stats = statSync(file);
  return { file, size: stats.size, etag: `"${stats.size.toString(36)}-${Math.trunc(stats.mtimeMs).toString(36)}"` };
}

/**
 * Every file of build/client, read once at start: URL path -> its versions (`identity`, and `br`/`gz` when
 * scripts/compress-assets.mjs wrote them at build time). A request is a file only when its path is a key here, so a page
 * costs no file-system call and no path can reach a file outside this map. A new build needs a restart anyway.
 */
function readStaticFiles() {
  const files = new Map();
  let entries;
  try {
    entries = readdirSync(clientRoot, { recursive: true, withFileTypes: true });
  } catch (error) {
    if (error?.code === "ENOENT") return files;
    throw error;
  }
  const names = new Set(entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name)));
  for (const file of names) {
    const precompressed = /\.(br|gz)$/.exec(file);
    if (precompressed && names.has(file.slice(0, -precompressed[0].length))) continue;
    const pathname = `/${relative(clientRoot, file).split(sep).join("/")}`;
    files.set(pathname, {
      type: types[extname(file)] ?? "application/octet-stream",
      cacheControl: pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      identity: variant(file),
      br: names.has(`${file}.br`) ? variant(`${file}.br`) : undefined,
      gz: names.has(`${file}.gz`) ? variant(`${file}.gz`) : undefined,
    });
  }
  return files;
}
const staticFiles = readStaticFiles();
if (staticFiles.size > 0 && ![...staticFiles.values()].some((entry) => entry.br || entry.gz)) {
  console.warn("[warn] build/client has no precompressed files: build with `npm run build` to serve them compressed");
}

/** Whether an Accept-Encoding header allows a coding: named with q > 0, or covered by `*` with q > 0. */
function accepts(header, coding) {
  let star = 0;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2)) || 0;
    if (name === coding) return weight > 0;
    if (name === "*") star = weight;
  }
  return star > 0;
}

/** True when the client's If-None-Match names this version. */
function notModified(req, etag) {
  const header = req.headers["if-none-match"];
  if (!header) return false;
  return header === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** Serves a file of build/client when the path names one; returns false to let React Router answer. */
function serveStatic(req, res) {
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
  } catch {
    return false; // a malformed escape is no file of ours: React Router answers (with its 404 page)
  }
  const entry = staticFiles.get(pathname);
  if (!entry) return false;
  const acceptEncoding = String(req.headers["accept-encoding"] ?? "");
  let encoding;
  if (entry.br && accepts(acceptEncoding, "br")) encoding = "br";
  else if (entry.gz && accepts(acceptEncoding, "gzip")) encoding = "gz";
  const sent = encoding ? entry[encoding] : entry.identity;
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Cache-Control", entry.cacheControl);
  res.setHeader("ETag", sent.etag);
  // What is sent depends on Accept-Encoding only when a compressed version exists.
  if (entry.br || entry.gz) res.setHeader("Vary", "Accept-Encoding");
  if (notModified(req, sent.etag)) {
    res.writeHead(304);
    res.end();
    return true;
  }
  res.setHeader("Content-Type", entry.type);
  if (encoding) res.setHeader("Content-Encoding", encoding === "br" ? "br" : "gzip");
  res.setHeader("Content-Length", sent.size);
  if (req.method === "HEAD") {
    res.end();
    return true;
  }
  // pipeline closes the file when the client goes away, and cuts the answer when the file went away after start (a
  // build over a running server): its length no longer holds.
  pipeline(createReadStream(sent.file), res, () => {});
  return true;
}

/** The address rate limits count against: the socket, or the nearest hop a trusted proxy reports. */
function clientAddress(req) {
  if (env.TRUST_PROXY) {
    const forwarded = String(req.headers["x-forwarded-for"] ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    if (forwarded.length > 0) return forwarded[forwarded.length - 1];
  }
  return req.socket.remoteAddress ?? "unknown";
}

const handle = createRequestListener({ build, mode: "production" });
const refusal = refusalHeaders({ https: env.https });

/** Answers with a short plain-text refusal and the usual security headers; the request never reaches the app. */
function refuse(req, res, status, text, extraHeaders = {}) {
  // Its body is never read: closing the connection is cheaper than reading that body to its end to reuse it.
  if (hasUnreadBody(req)) res.setHeader("Connection", "close");
  res.setHeaders(refusal);
  res.writeHead(status, extraHeaders);
  res.end(text);
}

function declaredLength(req) {
  return Number(req.headers["content-length"] ?? 0);
}

function hasUnreadBody(req) {
  return !req.complete && (req.headers["transfer-encoding"] !== undefined || declaredLength(req) > 0);
}

/**
 * Counts a streamed (chunked) body as it arrives and cuts it off past MAX_BODY_BYTES. Must be called in the same
 * tick as `handle`, whose body stream listens to the same 'data' events. Destroying the request aborts the app's
 * `request.signal`, so the app does not answer after the 413.
 */
function limitStreamedBody(req, res) {
  let received = 0;
  const count = (chunk) => {
    received += chunk.length;
    if (received <= MAX_BODY_BYTES) return;
    req.off("data", count);
    if (res.headersSent) {
      req.destroy();
      return;
    }
    res.setHeader("Connection", "close");
    res.setHeaders(refusal);
    res.writeHead(413);
    res.end("Payload Too Large", () => req.destroy());
  };
  req.on("data", count);
}

/**
 * True when the path, decoded, holds a control character or a line separator: no URL of ours has one, and React
 * Router's patterns stop at a line break, so such a path would match no route at all (not even the not-found page's).
 * A malformed escape is left to React Router, which answers it with the not-found page.
 */
function hasControlCharacterInPath(url = "/") {
  const path = url.split("?")[0];
  try {
    return /[\p{Cc}\u2028\u2029]/u.test(decodeURIComponent(path));
  } catch {
    return false;
  }
}

/** Requests in flight per client subject, so that one client cannot take every turn of the event loop. */
const inFlight = new Map();

function admit(subject, res) {
  if (env.MAX_REQUESTS_PER_CLIENT === 0) return true;
  const count = inFlight.get(subject) ?? 0;
  if (count >= env.MAX_REQUESTS_PER_CLIENT) return false;
  inFlight.set(subject, count + 1);
  res.once("close", () => {
    const left = inFlight.get(subject) - 1;
    if (left > 0) inFlight.set(subject, left);
    else inFlight.delete(subject);
  });
  return true;
}

let stopping = false;

async function respond(req, res) {
  if (stopping) res.setHeader("Connection", "close");
  if (!ALLOWED_METHODS.has(req.method))
    return refuse(req, res, 405, "Method Not Allowed", { Allow: "GET, HEAD, POST" });
  // React Router's listener builds the request's URL this way and answers a 500 when it does not parse.
  if (!URL.canParse(`http://${req.headers.host ?? "localhost"}${req.url}`)) return refuse(req, res, 400, "Bad Request");
  if (hasControlCharacterInPath(req.url)) return refuse(req, res, 400, "Bad Request");
  if (declaredLength(req) > MAX_BODY_BYTES) return refuse(req, res, 413, "Payload Too Large");
  if ((req.method === "GET" || req.method === "HEAD") && serveStatic(req, res)) return;
  const address = clientAddress(req);
  if (!admit(rateLimitSubject(address), res))
    return refuse(req, res, 503, "Service Unavailable", { "Retry-After": "1" });
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  // With the embedded database a page is rendered within the turn of the event loop that read its request, so requests
  // handled as they are read hardly overlap and the cap never bites (measured by `npm run bench:flood`): a client with
  // 50 connections gets 50 turns for each of another client's. Waiting one turn counts every request read in this one
  // before any is handled.
  await new Promise((resolve) => setImmediate(resolve));
  // Until here a body waits, paused, in node:http. The counter and `handle` must start listening to it in one tick:
  // data that flowed before the app's body stream listens would be lost to it.
  if (hasUnreadBody(req)) {
    if (req.headers["transfer-encoding"] !== undefined) limitStreamedBody(req, res);
    // An answer given before the body was read (the origin check's 403) leaves the rest of the body unread, and
    // node:http does not drain a body the app began to read: the connection would stall until requestTimeout.
    res.once("finish", () => {
      if (!req.complete) req.destroy();
    });
  }
  await handle(req, res);
}

function onRequest(req, res) {
  respond(req, res).catch((error) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
    res.end("Internal Server Error");
  });
}

const requestTimeout = env.REQUEST_TIMEOUT_SECONDS * 1000;
const server = createServer(
  {
    maxHeaderSize: MAX_HEADER_BYTES,
    // The whole request, body included, must arrive within REQUEST_TIMEOUT_SECONDS, its headers within 10 s; both are
    // checked every second. An idle keep-alive connection is closed after 5 s.
    requestTimeout,
    headersTimeout: Math.min(10_000, requestTimeout),
    connectionsCheckingInterval: 1_000,
    keepAliveTimeout: 5_000,
  },
  onRequest,
);
// A client that asks before sending its body (Expect: 100-continue) learns of a body over the limit before sending it.
server.on("checkContinue", (req, res) => {
  if (declaredLength(req) <= MAX_BODY_BYTES) res.writeContinue();
  onRequest(req, res);
});

server.listen(env.PORT, env.HOST, () => {
  console.log(`[info] Groundwork listening on ${env.APP_URL} (bound to ${env.HOST}:${env.PORT})`);
});

function exit() {
  try {
    databaseClient?.close();
  } finally {
    process.exit(0);
  }
}

/**
 * Stops accepting, closes idle keep-alive connections, lets requests in flight finish, and after SHUTDOWN_DEADLINE_MS
 * closes every connection left (a client that stalls mid-request would otherwise hold the process forever: node:http
 * stops enforcing its request timeouts once the server is closing).
 */
function stop(signal) {
  // npm forwards the terminal's SIGINT as well: the first signal starts the stop, the deadline ends it.
  if (stopping) return;
  stopping = true;
  console.log(`[info] ${signal}: finishing the requests in flight, then stopping`);
  server.close(exit);
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 250);
  setTimeout(() => {
    console.warn(`[warn] requests still in flight after ${SHUTDOWN_DEADLINE_MS / 1000} s: closing their connections`);
    server.closeAllConnections();
    exit();
  }, SHUTDOWN_DEADLINE_MS);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
