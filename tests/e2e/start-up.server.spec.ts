// What the production build loads as it starts (ADR 029): on an embedded database file, neither libSQL's client for a
// server (its Hrana protocol and WebSocket library) nor nodemailer, which waits for the first e-mail; on a libSQL
// server's URL, that client; never the passkey library or the QR code writer, which wait for their routes. And what V8
// keeps of it: its source, one byte per character (ADR 033).
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test } from "@playwright/test";

import { TEST_AUTH_SECRET } from "./server";

/** The module URLs a process loads while it imports the server build with `databaseUrl`. */
function modulesLoadedAtStart(databaseUrl: string): string[] {
  const run = spawnSync(
    process.execPath,
    [
      "--import",
      "./tests/support/record-modules.mjs",
      "--input-type=module",
      "-e",
      "await import('./build/server/index.js'); process.exit(0);",
    ],
    {
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        APP_URL: "http://127.0.0.1:3000",
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: TEST_AUTH_SECRET,
        LOG_LEVEL: "warn",
      },
      encoding: "utf8",
      timeout: 30_000,
    },
  );
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as string[];
}

const fromPackage = (urls: string[], path: string) => urls.filter((url) => url.includes(`/node_modules/${path}`));

test("on an embedded file, the server loads libSQL's file client only, and no mailer", () => {
  const folder = resolve("tests/.tmp");
  mkdirSync(folder, { recursive: true });
  const loaded = modulesLoadedAtStart(`file:${folder}/start-up.db`);
  expect(fromPackage(loaded, "@libsql/client/lib-esm/sqlite3.js")).toHaveLength(1);
  expect(fromPackage(loaded, "@libsql/hrana-client/")).toEqual([]);
  expect(fromPackage(loaded, "ws/")).toEqual([]);
  expect(fromPackage(loaded, "@libsql/client/lib-esm/node.js")).toEqual([]);
  expect(fromPackage(loaded, "nodemailer/")).toEqual([]);
});

test("on a libSQL server's URL, the server loads the client that speaks to it", () => {
  // Never contacted: importing the build opens no connection to a server.
  const loaded = modulesLoadedAtStart("http://127.0.0.1:9");
  expect(fromPackage(loaded, "@libsql/client/lib-esm/node.js")).toHaveLength(1);
  expect(fromPackage(loaded, "@libsql/hrana-client/").length).toBeGreaterThan(0);
  expect(fromPackage(loaded, "nodemailer/")).toEqual([]);
});

/** The server build's file holding `marker`: the chunk a bundled library went into (its name carries a hash). */
function chunkHolding(marker: string): string {
  const folder = resolve("build/server");
  const files = readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".js"));
  const holding = files.filter((name) => readFileSync(join(folder, name), "utf8").includes(marker));
  expect(holding, marker).toHaveLength(1);
  return join(folder, holding[0]!);
}

test("the passkey library and the QR code writer are loaded by their routes, not at start", () => {
  const folder = resolve("tests/.tmp");
  mkdirSync(folder, { recursive: true });
  const loaded = modulesLoadedAtStart(`file:${folder}/start-up.db`).map((url) => url.replace(/^file:\/\//, ""));
  // SimpleWebAuthn declares this function; the app only calls it. qrcode throws this message.
  const webauthn = chunkHolding("function generateRegistrationOptions(");
  const qrcode = chunkHolding("No input text");
  expect(loaded.some((path) => path.startsWith(resolve("build/server")))).toBe(true);
  expect(loaded).not.toContain(webauthn);
  expect(loaded).not.toContain(qrcode);
});

test("every file of the server build is plain ASCII, so V8 holds its source at one byte per character", () => {
  const folder = resolve("build/server");
  const files = readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".js"));
  expect(files.length).toBeGreaterThan(1);
  const notAscii = files.filter((name) => readFileSync(join(folder, name)).some((byte) => byte > 0x7f));
  expect(notAscii).toEqual([]);
});
