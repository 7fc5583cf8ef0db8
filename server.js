// The production server: plain node:http, our static files, then React Router. No framework, little memory.
// It prepares the database (migrations, seed) before it listens, and writes the client address the app trusts.
import { createReadStream, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { gzipSync } from "node:zlib";
import { createRequestListener } from "@react-router/node";

const build = await import("./build/server/index.js");
const { getEnv, prepareDatabase } = build.entry.module;

let env;
try {
  env = getEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
await prepareDatabase();

const clientRoot = join(process.cwd(), "build", "client");
const types = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
};
const compressible = new Set([".js", ".css", ".svg", ".txt", ".json", ".webmanifest"]);
const gzipCache = new Map();

/** Serves a file of build/client when the path names one; returns false to let React Router answer. */
async function serveStatic(req, res) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
  } catch {
    return false; // a malformed escape is no file of ours: React Router answers (with its 404 page)
  }
  const file = normalize(join(clientRoot, pathname));
  if (!file.startsWith(clientRoot + sep)) return false;
  let stats;
  try {
    stats = statSync(file);
  } catch {
    return false;
  }
  if (!stats.isFile()) return false;
  const ext = extname(file);
  res.setHeader("Content-Type", types[ext] ?? "application/octet-stream");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader(
    "Cache-Control",
    pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
  );
  if (compressible.has(ext) && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
    let body = gzipCache.get(file);
    if (!body) {
      body = gzipSync(await readFile(file), { level: 9 });
      gzipCache.set(file, body);
    }
    res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }
  res.setHeader("Content-Length", stats.size);
  if (req.method === "HEAD") res.end();
  else createReadStream(file).pipe(res);
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

const server = createServer(async (req, res) => {
  try {
    if (await serveStatic(req, res)) return;
    req.headers["x-client-ip"] = clientAddress(req);
    await handle(req, res);
  } catch (error) {
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
    res.end("Internal Server Error");
  }
});

server.listen(env.PORT, env.HOST, () => {
  console.log(`[info] Groundwork listening on ${env.APP_URL} (bound to ${env.HOST}:${env.PORT})`);
});

const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
