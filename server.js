// The production server (ADR 002, ADR 010): plain node:http, our static files (compressed at build time by
// scripts/compress-assets.mjs, listed once at start), then React Router. Little memory.
// It prepares the database (migrations, seed) before it listens, and writes the client address the app trusts.
// Before the app runs it refuses what a hostile client can send: a body over MAX_BODY_BYTES, a method we do
// not serve, a Host that does not parse, a request that takes too long to arrive, and more requests in flight from
// one client than MAX_REQUESTS_PER_CLIENT. A stop lets requests in flight finish, up to SHUTDOWN_DEADLINE_MS; a second
// signal stops at once. It logs one line per request (ADR 021), and with WEB_CONCURRENCY > 1 runs that many server
// processes under node:cluster (docs/architecture.md "Logs, processes and stopping").
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { createReadStream, readdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { enableCompileCache } from "node:module";
import { extname, join, relative, sep } from "node:path";
import { pipeline } from "node:stream";

/** The largest request body read. Our largest form is under 4 KB. */
const MAX_BODY_BYTES = 1024 * 1024;
/** The largest request line and headers together; node:http answers 431 beyond. */
const MAX_HEADER_BYTES = 16 * 1024;
/** How long a stop waits for requests in flight before it closes every connection: under Docker's 10 s grace. */
const SHUTDOWN_DEADLINE_MS = 8_000;
/**
 * After a refusal sent while the client is still sending its body, the server reads and drops at most this much of it
 * and waits at most LINGER_MS for its end before closing. Closing with unread data sends a reset, which makes the client
 * drop the refusal it had not read yet; reverse proxies linger the same way (Apache 2 s, nginx 5 s a read). Above the
 * 20 MB of a large upload, so that such a client finishes and the close is clean.
 */
const LINGER_BYTES = 32 * 1024 * 1024;
const LINGER_MS = 2_000;
const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST"]);
/** A second stop signal this soon after the first is the same stop: npm forwards the terminal's SIGINT, which reached
 * the server itself too, and the server processes of a cluster get the primary's SIGTERM besides the terminal's. */
const SAME_STOP_MS = 1_000;
/** How long a crashed server process's replacement waits at most: the wait doubles with each quick crash. */
const RESTART_BACKOFF_MAX_MS = 30_000;
/** A server process that lived this long was healthy: the next crash restarts it at once. */
const HEALTHY_LIFETIME_MS = 10_000;
/** Query parameters whose values are logged; every other value is a secret until shown otherwise (ADR 021). */
const LOGGED_QUERY_VALUES = new Set(["index", "lng", "sort", "direction"]);
/** An incoming X-Request-Id is kept when it is this short and safe; otherwise the request gets its own id. */
const SAFE_REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * With WEB_CONCURRENCY above 1 this process is the primary of a cluster: it never loads the app (its memory would sit
 * idle), and its first server process validates the environment and prepares the database (ADR 021).
 */
const primaryOfCluster = cluster.isPrimary && !["", "1"].includes((process.env.WEB_CONCURRENCY ?? "").trim());
/** The process that migrates and seeds before listening: the single one, or the cluster's first. */
const PREPARES_DATABASE = "GROUNDWORK_PREPARES_DATABASE";
const preparesDatabase = cluster.isPrimary || process.env[PREPARES_DATABASE] === "1";

// V8 keeps the code it compiled from the bundle in a cache on disk (the system's temporary directory), checked
// against each file's contents: a restart skips most of the compile (ADR 026). Where that directory is not writable it
// does nothing.
enableCompileCache();

async function loadBuild() {
  try {
    return await import("./build/server/index.js");
  } catch (error) {
    // The bundle reads the environment as it loads (app/.server/platform/env.ts): a bad variable is one line, not a
    // stack.
    if (error instanceof Error && error.name === "EnvError") {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const build = primaryOfCluster ? undefined : await loadBuild();
const {
  CLIENT_ADDRESS_HEADER,
  getEnv,
  prepareDatabase,
  rateLimitSubject,
  refusalHeaders,
  databaseClient,
  logger,
  emailDeliveryWarning,
  createRequestListener,
  waitForTurn,
} = build?.entry.module ?? {};
// What this file takes from the build (app/entry.server.tsx): a build older than this file lacks some of it.
if (
  build &&
  [
    CLIENT_ADDRESS_HEADER,
    getEnv,
    prepareDatabase,
    rateLimitSubject,
    refusalHeaders,
    logger,
    emailDeliveryWarning,
    createRequestListener,
    waitForTurn,
  ].includes(undefined)
) {
  console.error("The build is older than server.js: run `npm run build` (or `npm start`, which builds first).");
  process.exit(1);
}

let env;
if (build) {
  try {
    env = getEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  if (preparesDatabase) {
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
    const warning = emailDeliveryWarning(env);
    if (warning) logger.warn(warning);
  }
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
let staticFiles = new Map();

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

const handle = build && createRequestListener({ build, mode: "production" });
const refusal = env && refusalHeaders({ https: env.https });

/** Answers with a short plain-text refusal and the usual security headers; the request never reaches the app. */
function refuse(req, res, status, text, extraHeaders = {}) {
  res.setHeaders(refusal);
  if (!hasUnreadBody(req)) {
    res.writeHead(status, extraHeaders);
    res.end(text);
    return;
  }
  // Its body is not read to its end to reuse the connection: the connection closes after a bounded drain.
  res.setHeader("Connection", "close");
  res.writeHead(status, { ...extraHeaders, "Content-Length": Buffer.byteLength(text) });
  res.write(text);
  drainThenClose(req, res);
}

/**
 * Ends a refusal whose whole answer is written: once the body has arrived, or after LINGER_BYTES or LINGER_MS. Ending
 * it lets node:http close the connection (Connection: close); until then the client can read the refusal.
 */
function drainThenClose(req, res) {
  let drained = 0;
  const end = () => {
    clearTimeout(timer);
    res.end();
  };
  const timer = setTimeout(end, LINGER_MS);
  res.once("close", () => clearTimeout(timer));
  req.on("data", (chunk) => {
    drained += chunk.length;
    if (drained > LINGER_BYTES) req.pause(); // what else it sends waits in the socket until LINGER_MS
  });
  req.once("end", end);
  req.resume();
}

function declaredLength(req) {
  return Number(req.headers["content-length"] ?? 0);
}

function hasUnreadBody(req) {
  return !req.complete && (req.headers["transfer-encoding"] !== undefined || declaredLength(req) > 0);
}

/**
 * Counts a streamed (chunked) body as it arrives and cuts it off past MAX_BODY_BYTES. Must be called in the same
 * tick as `handle`, whose body stream listens to the same 'data' events. Past the limit the app's request is aborted
 * with the event req.destroy() emits before it closes the socket: the app's body stream (node-fetch-server) stops
 * listening and aborts `request.signal`, so the app neither reads the rest nor answers after the 413, while the
 * connection stays open for the refusal's drain.
 */
function limitStreamedBody(req, res) {
  let received = 0;
  const count = (chunk) => {
    received += chunk.length;
    if (received <= MAX_BODY_BYTES) return;
    req.off("data", count);
    // On the next tick: the app's body stream, which listens after this counter, takes this chunk first.
    process.nextTick(() => {
      if (req.destroyed) return;
      if (res.headersSent) {
        req.destroy();
        return;
      }
      req.emit("aborted");
      refuse(req, res, 413, "Payload Too Large");
    });
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

/** The request's path as logged: the query's keys stay, their values are dropped but for LOGGED_QUERY_VALUES. */
function loggedPath(url = "/") {
  const mark = url.indexOf("?");
  const path = mark === -1 ? url : url.slice(0, mark);
  const shown = path.length > 512 ? `${path.slice(0, 512)}…` : path;
  if (mark === -1) return shown;
  const query = url
    .slice(mark + 1)
    .split("&")
    .slice(0, 20)
    .map((pair) => {
      const equals = pair.indexOf("=");
      const key = equals === -1 ? pair : pair.slice(0, equals);
      if (!/^[A-Za-z_][\w.-]{0,31}$/.test(key)) return "[redacted]";
      if (equals === -1 || LOGGED_QUERY_VALUES.has(key)) return pair.slice(0, 64);
      return `${key}=[redacted]`;
    });
  return `${shown}?${query.join("&")}`;
}

/** Gives the request its id (X-Request-Id, both ways) and logs one line when its answer ends (ADR 021). */
function trace(req, res) {
  const started = performance.now();
  const incoming = req.headers["x-request-id"];
  const id = typeof incoming === "string" && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  req.headers["x-request-id"] = id; // read by handleError in app/entry.server.tsx
  res.setHeader("X-Request-Id", id);
  const line = { static: false };
  res.once("close", () => {
    const request = {
      id,
      method: req.method,
      path: loggedPath(req.url),
      status: res.statusCode,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    };
    if (!res.writableFinished) request.aborted = true;
    // Static files are many per page and say little: debug. Every other answer, refusals included: info.
    logger[line.static ? "debug" : "info"]("request", { request });
  });
  return line;
}

async function respond(req, res, line) {
  if (stopping) res.setHeader("Connection", "close");
  if (!ALLOWED_METHODS.has(req.method))
    return refuse(req, res, 405, "Method Not Allowed", { Allow: "GET, HEAD, POST" });
  // React Router's listener builds the request's URL this way and answers a 500 when it does not parse.
  if (!URL.canParse(`http://${req.headers.host ?? "localhost"}${req.url}`)) return refuse(req, res, 400, "Bad Request");
  if (hasControlCharacterInPath(req.url)) return refuse(req, res, 400, "Bad Request");
  if (declaredLength(req) > MAX_BODY_BYTES) return refuse(req, res, 413, "Payload Too Large");
  if ((req.method === "GET" || req.method === "HEAD") && serveStatic(req, res)) {
    line.static = true;
    return;
  }
  const address = clientAddress(req);
  // A refusal closes its connection: on a kept one the client would ask again at once, and a refusal costs about what a
  // small page does. A new connection is accepted one per turn of the event loop (ADR 041).
  if (!admit(rateLimitSubject(address), res))
    return refuse(req, res, 503, "Service Unavailable", { "Retry-After": "1", Connection: "close" });
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  // With the embedded database a page is rendered within the turn of the event loop that starts it, so requests
  // handled as they are read hardly overlap and the cap never bites (measured by `npm run bench:flood`): a client with
  // 50 connections gets 50 turns for each of another client's. Waiting for a later turn counts every request read in
  // this one before any is handled; a turn starts requests for at most a few milliseconds, so that new connections
  // get in between (ADR 041).
  await waitForTurn();
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
  const line = trace(req, res);
  respond(req, res, line).catch((error) => {
    logger.error("request failed", { err: error, requestId: req.headers["x-request-id"] });
    if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
    res.end("Internal Server Error");
  });
}

/** Runs `first` on the first SIGTERM or SIGINT and `again` on a later one that is not the same stop (SAME_STOP_MS). */
function onStopSignals(first, again) {
  let firstAt;
  const handler = (signal) => {
    if (firstAt === undefined) {
      firstAt = Date.now();
      first(signal);
    } else if (Date.now() - firstAt >= SAME_STOP_MS) {
      again(signal);
    }
  };
  process.on("SIGTERM", handler);
  process.on("SIGINT", handler);
  return handler;
}

/** The exit code of a process ended by a signal, as a shell reports it. */
const signalExitCode = (signal) => 128 + (signal === "SIGINT" ? 2 : 15);

function closeDatabase() {
  try {
    databaseClient?.close();
  } catch (error) {
    logger.warn("the database did not close cleanly", { err: error });
  }
}

function exit() {
  closeDatabase();
  process.exit(0);
}

/** One server process: listens (on the cluster's shared port when it is a worker) and stops gracefully. */
function runServer() {
  staticFiles = readStaticFiles();
  if (staticFiles.size > 0 && ![...staticFiles.values()].some((entry) => entry.br || entry.gz)) {
    logger.warn("build/client has no precompressed files: build with `npm run build` to serve them compressed");
  }
  const requestTimeout = env.REQUEST_TIMEOUT_SECONDS * 1000;
  const server = createServer(
    {
      maxHeaderSize: MAX_HEADER_BYTES,
      // The whole request, body included, must arrive within REQUEST_TIMEOUT_SECONDS, its headers within 10 s; both
      // are checked every second. An idle keep-alive connection is closed after 5 s.
      requestTimeout,
      headersTimeout: Math.min(10_000, requestTimeout),
      connectionsCheckingInterval: 1_000,
      keepAliveTimeout: 5_000,
    },
    onRequest,
  );
  // A client that asks before sending its body (Expect: 100-continue) learns of a body over the limit before sending
  // it.
  server.on("checkContinue", (req, res) => {
    if (declaredLength(req) <= MAX_BODY_BYTES) res.writeContinue();
    onRequest(req, res);
  });

  server.listen(env.PORT, env.HOST, () => {
    if (preparesDatabase) logger.info(`Groundwork listening on ${env.APP_URL} (bound to ${env.HOST}:${env.PORT})`);
    else logger.debug("server process listening");
  });

  /**
   * Stops accepting, closes idle keep-alive connections, lets requests in flight finish, and after
   * SHUTDOWN_DEADLINE_MS closes every connection left (a client that stalls mid-request would otherwise hold the
   * process forever: node:http stops enforcing its request timeouts once the server is closing).
   */
  function stop(reason) {
    if (stopping) return;
    stopping = true;
    logger.info(`${reason}: finishing the requests in flight, then stopping`);
    server.close(exit);
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 250);
    setTimeout(() => {
      logger.warn(`requests still in flight after ${SHUTDOWN_DEADLINE_MS / 1000} s: closing their connections`);
      server.closeAllConnections();
      exit();
    }, SHUTDOWN_DEADLINE_MS);
  }

  /** A second signal: the person (or supervisor) does not want to wait. */
  function stopNow(signal) {
    logger.warn(`${signal} again: stopping now, without waiting for the requests in flight`);
    server.closeAllConnections();
    closeDatabase();
    process.exit(signalExitCode(signal));
  }

  onStopSignals(stop, stopNow);
  // A server process whose primary went away (killed) gets no more connections: it stops too.
  if (cluster.isWorker) process.once("disconnect", () => stop("the primary process ended"));
}

/**
 * The primary's own log lines, in the app's format (app/.server/platform/logger.ts) from the same packages: the
 * environment was validated by the first server process before these values are read.
 */
async function primaryLogger() {
  const { default: pino } = await import("pino");
  const level = process.env.LOG_LEVEL?.trim() || "info";
  const options = { level, timestamp: pino.stdTimeFunctions.isoTime };
  if (process.env.LOG_FORMAT?.trim() === "json") return pino(options, pino.destination({ dest: 1, sync: true }));
  const { default: pretty } = await import("pino-pretty");
  const text = { sync: true, colorize: Boolean(process.stdout.isTTY), translateTime: "SYS:yyyy-mm-dd HH:MM:ss.l" };
  return pino(options, pretty({ ...text, ignore: "hostname", singleLine: true }));
}

/**
 * The primary of WEB_CONCURRENCY server processes: forks them (they share the port; the first prepares the database
 * before it listens, the others start once it does), replaces one that ends unasked, with a doubling wait after quick
 * crashes, and on a signal stops them all and exits once they have.
 */
async function runPrimary() {
  const started = new Map(); // live server process -> when it was forked
  const restarts = new Set();
  let count = 0; // known once the first server process has validated WEB_CONCURRENCY
  let log;
  let quickCrashes = 0;
  let listening = 0;

  const fork = (extra = {}) => started.set(cluster.fork(extra), Date.now());

  cluster.on("listening", () => {
    if (++listening === 1) {
      count = Number(process.env.WEB_CONCURRENCY);
      for (let index = 1; index < count; index++) fork();
    }
    if (listening === count) log.info(`${count} server processes listening`);
  });
  cluster.on("exit", (worker, code, signal) => {
    const forkedAt = started.get(worker);
    started.delete(worker);
    if (stopping) {
      if (started.size === 0) process.exit(0);
      return;
    }
    // The first never listened: a bad environment or a database that cannot be prepared. It said why.
    if (listening === 0) process.exit(code || 1);
    quickCrashes = Date.now() - forkedAt < HEALTHY_LIFETIME_MS ? quickCrashes + 1 : 0;
    const wait = quickCrashes === 0 ? 0 : Math.min(RESTART_BACKOFF_MAX_MS, 500 * 2 ** (quickCrashes - 1));
    log.error(
      `server process ${worker.process.pid} ended (${signal ?? `exit code ${code}`}): starting another in ${wait} ms`,
    );
    const timer = setTimeout(() => {
      restarts.delete(timer);
      fork();
    }, wait);
    restarts.add(timer);
  });

  onStopSignals(
    (signal) => {
      stopping = true;
      for (const timer of restarts) clearTimeout(timer);
      log.info(`${signal}: stopping the ${started.size} server processes`);
      if (started.size === 0) process.exit(0);
      for (const worker of started.keys()) worker.process.kill("SIGTERM");
      // Each stops within SHUTDOWN_DEADLINE_MS; one that does not is ended.
      setTimeout(() => {
        for (const worker of started.keys()) worker.process.kill("SIGKILL");
      }, SHUTDOWN_DEADLINE_MS + 2_000).unref();
    },
    (signal) => {
      log.warn(`${signal} again: stopping the server processes now`);
      for (const worker of started.keys()) worker.process.kill("SIGKILL");
      process.exit(signalExitCode(signal));
    },
  );

  log = await primaryLogger();
  fork({ [PREPARES_DATABASE]: "1" });
}

if (primaryOfCluster) await runPrimary();
else runServer();
