// The files of build/client as the server serves them (ADR 002): compressed once, at build time, by
// scripts/compress-assets.mjs; listed once when the server starts, so that only those files are ever served, in the
// encoding the client accepts. A raw node:http client: fetch would ask for every encoding and decode the answer.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import { expect, httpTest as test } from "./fixtures";
import type { TestServer } from "./server";

const client = join("build", "client");
const IMMUTABLE = "public, max-age=31536000, immutable";

// The worker's server: serving files changes nothing this spec could trip over.
let server: TestServer;

test.beforeAll(({ app }) => {
  server = app;
});

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** Sends the path exactly as written (no normalisation of `..`, no Accept-Encoding unless given). */
function get(
  path: string,
  { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {},
) {
  const { hostname, port } = new URL(server.url);
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ host: hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** The JavaScript assets of the build, largest first, with their sizes. */
function scripts(): Array<{ path: string; file: string; size: number }> {
  return readdirSync(join(client, "assets"))
    .filter((name) => name.endsWith(".js"))
    .map((name) => ({
      path: `/assets/${name}`,
      file: join(client, "assets", name),
      size: statSync(join(client, "assets", name)).size,
    }))
    .sort((a, b) => b.size - a.size);
}

test("the build wrote a brotli and a gzip copy beside every JavaScript asset of 1 KB or more", () => {
  const large = scripts().filter((script) => script.size >= 1024);
  expect(large.length).toBeGreaterThan(0);
  for (const { file } of large) {
    const original = readFileSync(file);
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(original), `${file}.br`).toBe(true);
    expect(gunzipSync(readFileSync(`${file}.gz`)).equals(original), `${file}.gz`).toBe(true);
  }
});

test("every utility app.css defines is in the built stylesheet: the components name each where Tailwind finds it", () => {
  // Tailwind writes a utility only when it finds its name in the source; one written as `name${...}` in a template
  // literal is not found, and its element silently loses its look (ADRs 034, 035).
  const utilities = [...readFileSync(join("app", "app.css"), "utf8").matchAll(/^@utility ([\w-]+)/gm)].map(
    (match) => match[1]!,
  );
  expect(utilities.length).toBeGreaterThan(0);
  const stylesheets = readdirSync(join(client, "assets"))
    .filter((name) => name.endsWith(".css"))
    .map((name) => readFileSync(join(client, "assets", name), "utf8"))
    .join("\n");
  const missing = utilities.filter((name) => !new RegExp(`\\.${name}[{:,\\s]`).test(stylesheets));
  expect(missing, "utilities no component names where Tailwind finds it").toEqual([]);
});

test("an asset is sent as brotli, gzip or as it is, as the client accepts, and cached for good", async () => {
  const [script] = scripts();
  const original = readFileSync(script!.file);

  const brotli = await get(script!.path, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
  expect(brotli.status).toBe(200);
  expect(brotli.headers["content-encoding"]).toBe("br");
  expect(Number(brotli.headers["content-length"])).toBe(brotli.body.length);
  expect(brotli.body.length).toBeLessThan(original.length);
  expect(brotliDecompressSync(brotli.body).equals(original)).toBe(true);

  const gzip = await get(script!.path, { headers: { "Accept-Encoding": "gzip" } });
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(Number(gzip.headers["content-length"])).toBe(gzip.body.length);
  expect(gunzipSync(gzip.body).equals(original)).toBe(true);

  // A coding refused with q=0 is not sent.
  const brRefused = await get(script!.path, { headers: { "Accept-Encoding": "br;q=0, gzip" } });
  expect(brRefused.headers["content-encoding"]).toBe("gzip");

  for (const headers of [{}, { "Accept-Encoding": "identity" }] as Array<Record<string, string>>) {
    const plain = await get(script!.path, { headers });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(original.length);
    expect(plain.body.equals(original)).toBe(true);
  }

  for (const answer of [brotli, gzip]) {
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe(IMMUTABLE);
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  }
});

test("a file too small to be worth compressing is sent as it is", async () => {
  const small = scripts().find((script) => script.size < 1024);
  test.skip(!small, "every asset of this build is 1 KB or more");
  const answer = await get(small!.path, { headers: { "Accept-Encoding": "br, gzip" } });
  expect(answer.status).toBe(200);
  expect(answer.headers["content-encoding"]).toBeUndefined();
  expect(answer.body.equals(readFileSync(small!.file))).toBe(true);
});

test("HEAD answers the headers of GET without a body", async () => {
  const [script] = scripts();
  for (const encoding of ["br", "gzip", "identity"]) {
    const full = await get(script!.path, { headers: { "Accept-Encoding": encoding } });
    const head = await get(script!.path, { method: "HEAD", headers: { "Accept-Encoding": encoding } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(full.headers["content-length"]);
    expect(head.headers["content-encoding"]).toBe(full.headers["content-encoding"]);
  }
});

test("a client that has the file gets 304 Not Modified", async () => {
  const [script] = scripts();
  const first = await get(script!.path, { headers: { "Accept-Encoding": "br" } });
  const etag = String(first.headers.etag);
  expect(etag).toMatch(/^"[\w-]+"$/);
  const again = await get(script!.path, { headers: { "Accept-Encoding": "br", "If-None-Match": etag } });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);
  // Each encoding is its own version: the brotli tag does not stand for the uncompressed file.
  const plain = await get(script!.path, { headers: { "If-None-Match": etag } });
  expect(plain.status).toBe(200);
});

test("files outside build/client, and files that are not there, are no files: the not-found page answers", async () => {
  const [script] = scripts();
  const dir = script!.path.slice(0, script!.path.lastIndexOf("/") + 1);
  for (const path of [
    "/../package.json",
    "/%2e%2e/package.json",
    "/%2E%2E/%2e%2e/package.json",
    "/assets/../../package.json",
    "/assets/..%2f..%2fpackage.json",
    "/assets/%2e%2e%2f%2e%2e%2fpackage.json",
    `${dir}does-not-exist-0000.js`,
    "/assets/",
    "/assets",
    "/build/client/favicon.svg",
    `${script!.path}.br`,
  ]) {
    const answer = await get(path, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(answer.status, path).toBe(404);
    expect(answer.headers["content-type"], path).toBe("text/html; charset=utf-8");
    expect(answer.headers["cache-control"], path).not.toBe(IMMUTABLE);
    expect(answer.body.toString(), path).not.toContain('"name": "groundwork"');
  }
});

test("pages still render, and files outside /assets/ are cached for an hour", async () => {
  const login = await get("/login", { headers: { "Accept-Encoding": "br, gzip" } });
  expect(login.status).toBe(200);
  expect(login.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(login.body.toString()).toContain("<html");

  const favicon = await get("/favicon.svg");
  expect(favicon.status).toBe(200);
  expect(favicon.headers["content-type"]).toBe("image/svg+xml");
  expect(favicon.headers["cache-control"]).toBe("public, max-age=3600");
  expect(favicon.body.equals(readFileSync(join(client, "favicon.svg")))).toBe(true);
});

test("the icons, the web app manifest and robots.txt answer, and every page links them", async () => {
  const ico = await get("/favicon.ico");
  expect(ico.status).toBe(200);
  expect(ico.headers["content-type"]).toBe("image/x-icon");
  expect([...ico.body.subarray(0, 4)]).toEqual([0, 0, 1, 0]); // an ICO file's header: reserved 0, type 1 (icon)

  const robots = await get("/robots.txt");
  expect(robots.status).toBe(200);
  expect(robots.headers["content-type"]).toBe("text/plain; charset=utf-8");
  for (const area of ["/app", "/manager", "/api"]) expect(robots.body.toString()).toContain(`Disallow: ${area}`);

  const manifestAnswer = await get("/manifest.webmanifest");
  expect(manifestAnswer.status).toBe(200);
  expect(manifestAnswer.headers["content-type"]).toBe("application/manifest+json");
  const manifest = JSON.parse(manifestAnswer.body.toString()) as {
    name: string;
    start_url: string;
    icons: { src: string; type: string }[];
  };
  expect(manifest.name).toBe("Groundwork");
  expect(manifest.start_url).toBe("/app");
  expect(manifest.icons.length).toBeGreaterThanOrEqual(3);
  for (const icon of manifest.icons) {
    const answer = await get(icon.src);
    expect(answer.status, icon.src).toBe(200);
    expect(answer.headers["content-type"], icon.src).toBe(icon.type);
  }

  const login = (await get("/login")).body.toString();
  const linked = [...login.matchAll(/<link [^>]*rel="(icon|apple-touch-icon|manifest)"[^>]*href="([^"]+)"/g)];
  expect(linked.map((match) => match[1]).sort()).toEqual(["apple-touch-icon", "icon", "icon", "manifest"]);
  for (const [, , href] of linked) expect((await get(href!)).status, href).toBe(200);
});
