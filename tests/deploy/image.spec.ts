// The production image (Dockerfile, README "Docker"), built with podman and run as a self-hoster runs it: lean, healthy
// within seconds, sign-in end to end (the code caught by this test's SMTP server), data kept in a named volume across a
// restart and a new container, a non-root process, a graceful stop with a request in flight, and a one-line error for a
// bad environment value. Nothing here reads the server's log format: codes come from the SMTP sink, errors are read
// loosely. Figures (sizes, times) are printed, not asserted; the app's layers are held to their 60 MB budget.
import { connect, type Socket } from "node:net";
import { expect, test } from "@playwright/test";

import { buildImage, imageSize, layersOf, podman, podmanOk, waitForHealthy } from "../support/container";
import { freePort } from "../support/free-port";
import { signInOverHttp } from "../support/http-sign-in";
import { jpegWithGps } from "../support/pictures";
import { SmtpSink } from "../support/smtp-sink";

const BASE_IMAGE = "docker.io/library/node:24-bookworm-slim";
const unique = `${process.pid}-${Date.now().toString(36)}`;
const image = `localhost/groundwork:test-${unique}`;
const volume = `groundwork-test-${unique}`;
const containers: string[] = [];
const MB = 1_000_000;

let mail: SmtpSink;
/** The signed-in admin's Cookie header and the page of the repository it created, for the checks after a restart. */
let cookie = "";
let repositoryPath = "";
let repositoryName = "";
/** The uploaded photo's URL (/pictures/<name>.webp). */
let photoPath = "";
/** The container the later checks run against, and its URL. */
let current = { name: "", url: "" };

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // Making the stand-in base (debootstrap) and a first build with every dependency take minutes on a clean machine.
  test.setTimeout(1_800_000);
  mail = await new SmtpSink().start();
  await buildImage(image);
});

test.afterAll(async () => {
  for (const name of containers) await podman(["rm", "--force", "--volumes", name]);
  await podman(["volume", "rm", "--force", volume]);
  await podman(["rmi", image]);
  await mail?.stop();
});

/** Runs the image detached on the host network, with the named volume, and waits for /healthz. */
async function startContainer(name: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const variables = {
    HOST: "127.0.0.1",
    PORT: String(port),
    APP_URL: url,
    SMTP_URL: mail.url,
    // signInOverHttp names its client in X-Forwarded-For, as a reverse proxy would.
    TRUST_PROXY: "true",
  };
  const started = performance.now();
  containers.push(name);
  await podmanOk([
    "run",
    "--detach",
    "--name",
    name,
    "--network=host",
    "--volume",
    `${volume}:/data`,
    ...Object.entries(variables).flatMap(([key, value]) => ["--env", `${key}=${value}`]),
    image,
  ]);
  try {
    await waitForHealthy(url);
  } catch (error) {
    const logs = await podman(["logs", name]);
    throw new Error(`${String(error)}\n${logs.stdout}${logs.stderr}`, { cause: error });
  }
  return { name, url, ms: performance.now() - started };
}

const get = (url: string, path: string) => fetch(`${url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });

async function expectDataKept(url: string, where: string) {
  const home = await get(url, "/app");
  expect(home.status, `${where}: the session still signs in`).toBe(200);
  await home.arrayBuffer();
  const repository = await get(url, repositoryPath);
  expect(repository.status, `${where}: the repository is still there`).toBe(200);
  expect(await repository.text()).toContain(repositoryName);
  // The photo uploaded after sign-in, kept in the volume (data/pictures) and decoded by sharp's prebuilt binary.
  const photo = await get(url, photoPath);
  expect(photo.status, `${where}: the photo is still there`).toBe(200);
  expect(photo.headers.get("content-type")).toBe("image/webp");
  expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(100);
}

test("the image is lean: no build tool in node_modules; the image and app layer sizes are printed", async () => {
  const listing = await podmanOk([
    "run",
    "--rm",
    "--network=host",
    "--entrypoint",
    "find",
    image,
    "/app/node_modules",
    "-mindepth",
    "1",
    "-maxdepth",
    "6",
    "-type",
    "d",
  ]);
  const packages = new Set(
    listing
      .split("\n")
      .map((path) => /\/node_modules\/((?:@[^/]+\/)?[^/@]+)$/.exec(path)?.[1])
      .filter((name): name is string => Boolean(name)),
  );
  expect(packages.has("@libsql/client"), "the libSQL driver is shipped").toBe(true);
  for (const name of ["typescript", "vite", "vitest", "happy-dom", "drizzle-kit", "@react-router/dev"]) {
    expect(packages.has(name), `${name} is not shipped`).toBe(false);
  }

  const layers = await layersOf(image);
  const baseLayers = (await layersOf(BASE_IMAGE)).length;
  const own = layers.slice(0, layers.length - baseLayers).filter((layer) => layer.size > 0);
  const ownTotal = (await imageSize(image)) - (await imageSize(BASE_IMAGE));
  console.log(`[image] size ${((await imageSize(image)) / MB).toFixed(1)} MB, base ${BASE_IMAGE} included`);
  console.log(`[image] app layers ${(ownTotal / MB).toFixed(1)} MB in all:`);
  for (const layer of own) {
    console.log(
      `[image]   ${(layer.size / MB).toFixed(2).padStart(7)} MB  ${layer.createdBy.replace(/^.*#\(nop\) /, "").replace(/^(COPY \w+):\w+/, "$1")}`,
    );
  }
  expect(ownTotal, "the app's own layers stay under 60 MB").toBeLessThan(60 * MB);
});

test("it answers /healthz within seconds and is healthy, its process running as the non-root user 1000", async () => {
  const started = await startContainer(`groundwork-test-a-${unique}`);
  current = started;
  console.log(`[image] from \`podman run\` to the first 200 of /healthz: ${(started.ms / 1000).toFixed(2)} s`);

  const status = await podmanOk(["exec", current.name, "cat", "/proc/1/status", "/proc/1/cmdline"]);
  expect(status).toContain("build/http/main.js");
  expect(status).toMatch(/^Uid:\s+1000\s+1000\s+1000\s+1000$/m);
  expect(await podmanOk(["exec", current.name, "id", "-u"])).toBe("1000");
  // The image's own HEALTHCHECK (what Docker and podman report as the container's health).
  expect((await podman(["healthcheck", "run", current.name])).code).toBe(0);
});

test("sign-in works end to end, the code sent to the test's SMTP server; a photo is uploaded", async () => {
  cookie = await signInOverHttp(current.url, mail, "admin@example.com");
  const home = await get(current.url, "/app");
  expect(home.status).toBe(200);
  await home.arrayBuffer();

  repositoryName = `Kept-${unique}`;
  const created = await fetch(`${current.url}/manager/repositories/new`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: current.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams({ name: repositoryName, link: "example.com/kept", description: "" }),
  });
  expect(created.status).toBe(302);
  repositoryPath = created.headers.get("location") ?? "";
  expect(repositoryPath).toMatch(/^\/manager\/repositories\/[\w-]+$/);

  const form = new FormData();
  form.set("intent", "upload");
  form.set("picture", new Blob([new Uint8Array(await jpegWithGps())], { type: "image/jpeg" }), "photo.jpg");
  const uploaded = await fetch(`${current.url}/manager/account/picture`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: current.url, Cookie: cookie },
    body: form,
  });
  expect(uploaded.status).toBe(302);
  const account = await (await get(current.url, "/manager/account")).text();
  photoPath = account.match(/src="(\/pictures\/[\w-]{22}\.webp)"/)?.[1] ?? "";
  expect(photoPath, "the account page shows the uploaded photo").not.toBe("");
  await expectDataKept(current.url, "just created");
});

test("data survives `podman stop`/`start`, and a new container on the same volume", async () => {
  await podmanOk(["stop", current.name]);
  expect(await podmanOk(["inspect", "--format", "{{.State.ExitCode}}", current.name])).toBe("0");
  await podmanOk(["start", current.name]);
  await waitForHealthy(current.url);
  await expectDataKept(current.url, "after stop and start");

  await podmanOk(["rm", "--force", current.name]);
  current = await startContainer(`groundwork-test-b-${unique}`);
  await expectDataKept(current.url, "in a new container on the same volume");
});

/** A raw connection that records what comes back and when the server closes it. */
async function openRaw(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
  socket.on("error", () => {});
  const closed = new Promise<void>((done) => socket.once("close", () => done()));
  await new Promise<void>((done, fail) => {
    socket.once("connect", done);
    socket.once("error", fail);
  });
  return { socket, text: () => received, closed };
}

/** True once a new connection to `port` is refused: the server has stopped accepting. */
async function refusesConnections(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      (await openRaw(port)).socket.destroy();
    } catch {
      return true;
    }
    await new Promise((done) => setTimeout(done, 25));
  }
  return false;
}

test("`podman stop` lets a request in flight finish, and the container exits 0 within 10 s", async () => {
  const { url, name } = current;
  const port = Number(new URL(url).port);
  const form = "intent=email&email=not-an-address";
  const raw = await openRaw(port);
  raw.socket.write(
    [
      "POST /login?index HTTP/1.1",
      `Host: ${new URL(url).host}`,
      `Origin: ${url}`,
      "Content-Type: application/x-www-form-urlencoded",
      `Content-Length: ${form.length}`,
      "X-Forwarded-For: 198.18.0.9",
      "",
      form.slice(0, 10),
    ].join("\r\n"),
  );
  await new Promise((done) => setTimeout(done, 300));

  const stopStarted = performance.now();
  // Docker's default: SIGTERM, then SIGKILL after 10 s (the exit code would then be 137).
  const stop = podman(["stop", "--time", "10", name]);
  // The server stops accepting once SIGTERM reached it: only then is the rest of the body sent.
  expect(await refusesConnections(port, 20_000)).toBe(true);
  raw.socket.write(form.slice(10));
  await raw.closed;
  expect((await stop).code).toBe(0);
  const stopMs = performance.now() - stopStarted;
  console.log(`[image] \`podman stop\` with a slow request in flight: ${(stopMs / 1000).toFixed(2)} s`);

  const answer = raw.text();
  const head = answer.slice(0, answer.indexOf("\r\n\r\n"));
  const body = answer.slice(head.length + 4);
  expect(head).toMatch(/^HTTP\/1\.1 [234]\d\d /);
  const length = /^content-length: *(\d+)\r?$/im.exec(head)?.[1];
  if (length === undefined) {
    expect(head).toMatch(/^transfer-encoding: *chunked\r?$/im);
    expect(body.endsWith("0\r\n\r\n"), "the chunked answer came to its end").toBe(true);
  } else {
    expect(Buffer.byteLength(body, "latin1"), "the whole answer came").toBe(Number(length));
  }
  // 0, not 137: the server ended itself before podman's SIGKILL at 10 s.
  expect(await podmanOk(["inspect", "--format", "{{.State.ExitCode}}", name])).toBe("0");
});

for (const [variable, value] of [
  ["PORT", "abc"],
  ["APP_URL", "nope"],
] as const) {
  test(`a bad ${variable} stops the container with one line naming it, no stack`, async () => {
    const result = await podman(["run", "--rm", "--network=host", "--env", `${variable}=${value}`, image]);
    const output = `${result.stdout}${result.stderr}`;
    expect(result.code, output).not.toBe(0);
    const naming = output.split("\n").filter((line) => line.includes(variable));
    expect(naming, output).toHaveLength(1);
    expect(output, "no stack trace").not.toMatch(/^\s+at /m);
  });
}
