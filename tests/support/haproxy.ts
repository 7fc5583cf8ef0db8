// A real load balancer for the deployment tests: Debian's haproxy (installed by .ci/run), round-robin over the app
// instances, as the README's scale-out section runs it. Each answer says which instance gave it (X-Served-By), so a
// test can tell that a read landed on another instance than the write before it.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { freePort } from "./free-port";
import { waitForOk } from "./wait-for-ok";

export type Proxy = { url: string; logs: string[]; stop: () => Promise<void> };

/**
 * The configuration of the README, with one difference: `forwardfor if-none` keeps an X-Forwarded-For the test sends,
 * so that a test can speak as several clients (rate limits count per client). In front of the internet, the proxy
 * must set the header itself (README, "Running on more than one machine").
 */
export function haproxyConfig(port: number, servers: Array<{ name: string; url: string }>): string {
  return [
    "global",
    "  maxconn 1024",
    "defaults",
    "  mode http",
    "  timeout connect 5s",
    "  timeout client 120s",
    "  timeout server 120s",
    "  option forwardfor if-none",
    "frontend web",
    `  bind 127.0.0.1:${port}`,
    "  default_backend app",
    "backend app",
    "  balance roundrobin",
    "  option httpchk GET /healthz",
    "  http-response set-header X-Served-By %s",
    ...servers.map(({ name, url }) => `  server ${name} ${new URL(url).host} check inter 2s`),
    "",
  ].join("\n");
}

/** Starts haproxy in the foreground on a free port, in front of `servers` (already listening). */
export async function startHaproxy(servers: Array<{ name: string; url: string }>, port?: number): Promise<Proxy> {
  const listenPort = port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), "haproxy-"));
  const config = join(dir, "haproxy.cfg");
  writeFileSync(config, haproxyConfig(listenPort, servers));
  const logs: string[] = [];
  const child: ChildProcess = spawn("haproxy", ["-db", "-f", config], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
  const ended = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));
  const url = `http://127.0.0.1:${listenPort}`;
  try {
    await waitForOk(`${url}/healthz`, { timeoutMs: 20_000, child });
  } catch (error) {
    throw new Error(`haproxy did not start (${(error as Error).message}):\n${logs.join("")}`, { cause: error });
  }
  return {
    url,
    logs,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await Promise.race([ended, new Promise((r) => setTimeout(r, 3000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
