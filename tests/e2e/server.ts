// Starts the production build (build/http/main.js, compiled from server/) on 127.0.0.1 with its own database file, as
// a self-hoster would run it.
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

import { freePort } from "../support/free-port";
import { waitForOk } from "../support/wait-for-ok";

export type TestServer = { url: string; databaseUrl: string; logs: string[]; stop: () => Promise<void> };

/** The production server's entry, as `npm run serve` and the image start it (ADR 048). */
const SERVER_ENTRY = "build/http/main.js";

/** The secret of every test server: tests sign session cookies with it (`sessionCookie` in fixtures.ts). */
export const TEST_AUTH_SECRET = "e2e-secret-0123456789-0123456789-0123456789";

/** How the server process ended. */
export type ServerExit = { code: number | null; signal: NodeJS.Signals | null };

/** The V8 flags `npm run serve` gives node (ADR 008), read from package.json: tests run the server as it runs. */
export function serveNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  return scripts.serve?.match(/--max-[a-z-]+=\d+/g) ?? [];
}

/**
 * Spawns the server on `port` as a self-hoster runs it; `env` adds to or overrides the test defaults. Its output is
 * kept in `logs`, or with `logFile` written straight to that file by the server (a benchmark's load generator must not
 * also be the one reading every request line).
 */
function spawnServer(
  port: number,
  databaseUrl: string,
  env: Record<string, string>,
  nodeFlags: string[],
  logFile?: string,
  hostname = "127.0.0.1",
) {
  const url = `http://${hostname}:${port}`;
  const logs: string[] = logFile ? [`(the server's output is in ${logFile})`] : [];
  const output = logFile ? openSync(logFile, "w") : "pipe";
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeFlags, "--import", "./tests/support/github-fetch-redirect.mjs", SERVER_ENTRY],
    {
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: url,
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: TEST_AUTH_SECRET,
        TRUST_PROXY: "true",
        LOG_LEVEL: "warn",
        ...env,
      },
      stdio: ["ignore", output, output],
    },
  );
  if (typeof output === "number") closeSync(output);
  child.stdout?.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
  const ended = new Promise<ServerExit>((resolveExit) =>
    child.once("exit", (code, signal) => resolveExit({ code, signal })),
  );
  return { url, logs, child, ended };
}

/**
 * Starts the server with `npm run serve`'s node flags, or `nodeFlags`. By default on a fresh database file of its
 * own; with `databaseUrl`, on that database as it is (several servers on one database: tests/deploy/scale-out.spec.ts).
 */
export async function startServer(
  name: string,
  env: Record<string, string>,
  {
    nodeFlags = serveNodeFlags(),
    databaseUrl: sharedDatabaseUrl,
    logFile,
    hostname,
  }: {
    nodeFlags?: string[];
    databaseUrl?: string;
    logFile?: string;
    /** The name in APP_URL: "localhost" where WebAuthn needs a domain, not an address (app/features/account/passkeys.spec.ts). */
    hostname?: string;
  } = {},
): Promise<TestServer & { pid: number; exited: Promise<ServerExit> }> {
  const port = await freePort();
  let databaseUrl = sharedDatabaseUrl;
  if (!databaseUrl) {
    const dir = resolve("tests/.tmp");
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `e2e-${name}-${port}.db`);
    for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
    databaseUrl = `file:${file}`;
  }
  const { url, logs, child, ended } = spawnServer(port, databaseUrl, env, nodeFlags, logFile, hostname);
  try {
    await waitForOk(`${url}/login`, { timeoutMs: 20_000, child });
  } catch (error) {
    throw new Error(`server ${name} did not start (${(error as Error).message}):\n${logs.join("")}`, { cause: error });
  }
  return {
    url,
    databaseUrl,
    logs,
    pid: child.pid!,
    exited: ended,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await Promise.race([ended, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

/** Runs the server on `databaseUrl` until it exits by itself (a start-up that must fail), at most `timeoutMs`. */
export async function runServerToExit(
  databaseUrl: string,
  env: Record<string, string>,
  { timeoutMs = 60_000 } = {},
): Promise<ServerExit & { logs: string }> {
  const { logs, child, ended } = spawnServer(await freePort(), databaseUrl, env, serveNodeFlags());
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const exit = await ended;
  clearTimeout(timer);
  return { ...exit, logs: logs.join("") };
}
