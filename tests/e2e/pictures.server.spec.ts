// Picture uploads over HTTP (ADR 051): the upload routes alone take a body over 1 MiB, up to twice UPLOAD_MAX_BYTES;
// a 50 MB body gets 413 with the server's memory bounded; a picture is served only to a signed-in person. Prints the
// figures ADR 051 records: upload-to-display time and memory while re-encoding a 12-megapixel photo.
import { request } from "node:http";
import { expect, test } from "@playwright/test";

import { smallPng, twelveMegapixelPhoto } from "../support/pictures";
import { rssMb } from "../support/process-stats";
import { sessionCookie, sql } from "./fixtures";
import { serveNodeFlags, startServer } from "./server";

type Server = Awaited<ReturnType<typeof startServer>>;
const MiB = 1024 * 1024;
let server: Server;
let cookie: string;

test.beforeAll(async () => {
  server = await startServer("pictures", {}, { nodeFlags: serveNodeFlags() });
  const session = await sessionCookie(server, { email: "pictures@example.test", name: "Pia", role: "user" });
  cookie = `${session.name}=${session.value}`;
});

test.afterAll(async () => {
  await server?.stop();
});

/** A multipart body with one file field `picture` and intent=upload, as a browser sends the form. */
function uploadForm(bytes: Buffer, name = "photo.jpg", type = "image/jpeg") {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("picture", new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

const post = (path: string, body: FormData, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    body,
    headers: { Cookie: cookie, Origin: server.url, ...headers },
    redirect: "manual",
  });

/** Posts `length` bytes to `path` with a declared length, as fast as the server reads; the status, or the error. */
function postDeclared(path: string, length: number): Promise<number | string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((done) => {
    const outgoing = request(
      {
        host: hostname,
        port,
        method: "POST",
        path,
        headers: {
          Cookie: cookie,
          Origin: server.url,
          "Content-Type": "multipart/form-data; boundary=x",
          "Content-Length": String(length),
        },
      },
      (response) => {
        response.resume();
        done(response.statusCode ?? 0);
      },
    );
    outgoing.on("error", (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    const chunk = Buffer.alloc(MiB, "a");
    let left = length;
    const pump = () => {
      while (left > 0 && !outgoing.destroyed) {
        const part = chunk.subarray(0, Math.min(chunk.length, left));
        left -= part.length;
        if (!outgoing.write(part)) {
          outgoing.once("drain", pump);
          return;
        }
      }
      outgoing.end();
    };
    pump();
  });
}

/** Samples the server's resident memory every 10 ms while `work` runs; the peak, in MB. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssMb(server.pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 10);
  try {
    return { result: await work(), peak };
  } finally {
    clearInterval(timer);
  }
}

test("a 12-megapixel photo is uploaded, re-encoded and displayed; the figures", async () => {
  const photo = await twelveMegapixelPhoto();
  const before = rssMb(server.pid);
  const started = performance.now();
  const { result: answer, peak } = await peakRss(() => post("/app/account/picture", uploadForm(photo)));
  expect(answer.status).toBe(302);
  const page = await fetch(`${server.url}/app/account`, { headers: { Cookie: cookie } });
  const src = (await page.text()).match(/src="(\/pictures\/[\w-]{22}\.webp)"/)?.[1];
  expect(src).toBeDefined();
  const image = await fetch(`${server.url}${src}`, { headers: { Cookie: cookie } });
  expect(image.status).toBe(200);
  const stored = (await image.arrayBuffer()).byteLength;
  const elapsed = performance.now() - started;
  console.log(
    `upload to display: ${(photo.length / MiB).toFixed(1)} MiB JPEG 4000x3000 -> ${(stored / 1024).toFixed(0)} KiB WebP ` +
      `in ${elapsed.toFixed(0)} ms; server RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most while re-encoding`,
  );
  expect(peak - before).toBeLessThan(200);
});

test("a picture is not served to a visitor who is not signed in", async () => {
  const page = await fetch(`${server.url}/app/account`, { headers: { Cookie: cookie } });
  const src = (await page.text()).match(/src="(\/pictures\/[\w-]{22}\.webp)"/)?.[1];
  expect(src).toBeDefined();
  expect((await fetch(`${server.url}${src}`)).status).toBe(404);
  expect((await fetch(`${server.url}/pictures/..%2Fapp.db`, { headers: { Cookie: cookie } })).status).toBe(404);
});

test("a 50 MB body to the upload route gets 413, and the server's memory stays bounded", async () => {
  const before = rssMb(server.pid);
  const { result: status, peak } = await peakRss(() => postDeclared("/app/account/picture", 50 * 1000 * 1000));
  expect(status).toBe(413);
  console.log(`50 MB body: 413; server RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most`);
  expect(peak - before).toBeLessThan(30);
});

test("a 6 MB file reaches the page and is refused in words; every other route keeps 1 MiB", async () => {
  const sixMegabytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(6_000_000)]);
  const refused = await post("/app/account/picture", uploadForm(sixMegabytes));
  expect(refused.status).toBe(302);
  expect(refused.headers.get("set-cookie")).toContain("toast=");
  const elsewhere = await post("/app/account", uploadForm(Buffer.alloc(2 * MiB)));
  expect(elsewhere.status).toBe(413);
  expect(await postDeclared("/app/account/picture", 11 * MiB)).toBe(413);
});

test("demo mode refuses an upload like every change, and stores nothing", async () => {
  const demo = await startServer("pictures-demo", { DEMO_MODE: "true" });
  try {
    const session = await sessionCookie(demo, { email: "demo-pictures@example.test", name: "Dee", role: "user" });
    const form = uploadForm(await smallPng(), "photo.png", "image/png");
    const answer = await fetch(`${demo.url}/app/account/picture`, {
      method: "POST",
      body: form,
      headers: { Cookie: `${session.name}=${session.value}`, Origin: demo.url, Referer: `${demo.url}/app/account` },
      redirect: "manual",
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toContain("modal=demo");
    const [row] = (await sql(demo.databaseUrl, "select image from user where id = ?", [session.userId])).rows;
    expect(row?.image).toBeNull();
  } finally {
    await demo.stop();
  }
});
