// The files of build/client (ADR 002), compressed at build time by scripts/compress-assets.mjs and listed once at
// start: a page costs no file-system call, and no path can reach a file outside the list.
import { createReadStream, readdirSync, statSync, type Dirent } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";
import { pipeline } from "node:stream";

const types: Record<string, string> = {
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
type Variant = { file: string; size: number; etag: string };

type StaticFile = { type: string; cacheControl: string; identity: Variant; br?: Variant; gz?: Variant };

/** URL path -> the file's versions. */
export type StaticFiles = Map<string, StaticFile>;

function variant(file: string): Variant {
  const stats = statSync(file);
  return { file, size: stats.size, etag: `"${stats.size.toString(36)}-${Math.trunc(stats.mtimeMs).toString(36)}"` };
}

/**
 * Every file of `clientRoot`, read once at start: URL path -> its versions (`identity`, and `br`/`gz` when
 * scripts/compress-assets.mjs wrote them at build time). A request is a file only when its path is a key here. A new
 * build needs a restart anyway.
 */
export function readStaticFiles(clientRoot: string): StaticFiles {
  const files: StaticFiles = new Map();
  let entries: Dirent[];
  try {
    entries = readdirSync(clientRoot, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return files;
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

/** True when some file has a compressed version: a build made by `npm run build`. */
export function hasPrecompressedFiles(files: StaticFiles): boolean {
  return [...files.values()].some((entry) => entry.br || entry.gz);
}

/** Whether an Accept-Encoding header allows a coding: named with q > 0, or covered by `*` with q > 0. */
function accepts(header: string, coding: string): boolean {
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
function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers["if-none-match"];
  if (!header) return false;
  return header === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** Serves a file of `files` when the path names one; returns false to let React Router answer. */
export function serveStatic(files: StaticFiles, req: IncomingMessage, res: ServerResponse): boolean {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
  } catch {
    return false; // a malformed escape is no file of ours: React Router answers (with its 404 page)
  }
  const entry = files.get(pathname);
  if (!entry) return false;
  const acceptEncoding = String(req.headers["accept-encoding"] ?? "");
  let encoding: "br" | "gz" | undefined;
  if (entry.br && accepts(acceptEncoding, "br")) encoding = "br";
  else if (entry.gz && accepts(acceptEncoding, "gzip")) encoding = "gz";
  const sent = (encoding && entry[encoding]) || entry.identity;
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
