// Several server processes on one host (WEB_CONCURRENCY, server/cluster.ts): requests are answered by more than one
// process, one killed is replaced (connections it held, or was being handed as it died, are lost with it), SIGTERM to the primary stops them all and it exits 0, and a bad count stops start-up
// with one line. The processes are told apart by the pid of their request lines (LOG_FORMAT=json).
import { request } from "node:http";
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";

import { runServerToExit, startServer } from "./server";

type Server = Awaited<ReturnType<typeof startServer>>;
type LogLine = { level: number; pid: number; msg: string; request?: { id: string } };

const linesOf = (server: Server): LogLine[] =>
  server.logs
    .join("")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);

/** A GET on a connection of its own (no keep-alive), so that the primary hands each to the next server process. */
function get(server: Server, path = "/healthz"): Promise<{ status: number; id: string }> {
  return new Promise((done, fail) => {
    const outgoing = request(`${server.url}${path}`, { agent: false, timeout: 60_000 }, (response) => {
      response.resume();
      response.on("end", () =>
        done({ status: response.statusCode ?? 0, id: String(response.headers["x-request-id"] ?? "") }),
      );
    });
    outgoing.on("timeout", () =>
      outgoing.destroy(new Error(`GET ${path}: no answer within 60 s (a hung server, not a slow one)`)),
    );
    outgoing.on("error", fail);
    outgoing.end();
  });
}

/** The pid of the process that answered the request with this id, from its request line. */
async function pidOf(server: Server, id: string): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const line = linesOf(server).find((candidate) => candidate.request?.id === id);
    if (line) return line.pid;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`no request line for ${id}:\n${server.logs.join("")}`);
}

/** The pids that answered `count` requests. */
async function answeringPids(server: Server, count: number): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let index = 0; index < count; index++) {
    const { status, id } = await get(server);
    expect(status).toBe(200);
    pids.add(await pidOf(server, id));
  }
  return pids;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test("WEB_CONCURRENCY=2: two processes answer, a killed one is replaced, SIGTERM stops all and exits 0", async () => {
  test.setTimeout(90_000);
  const server = await startServer("processes", { WEB_CONCURRENCY: "2", LOG_FORMAT: "json", LOG_LEVEL: "info" });
  try {
    // startServer returns once the first process answers; the primary starts the second once the first listens.
    for (let attempt = 0; attempt < 200; attempt++) {
      if (linesOf(server).some((line) => line.msg === "2 server processes listening")) break;
      await new Promise((done) => setTimeout(done, 50));
    }
    const pids = await answeringPids(server, 12);
    expect(pids.size).toBe(2);
    expect(pids.has(server.pid)).toBe(false);

    // One process killed outright is replaced by a new one, and the site keeps answering meanwhile.
    const [killed, survivor] = [...pids] as [number, number];
    process.kill(killed, "SIGKILL");
    // A connection handed to the process in the instant it died is lost with it: ask once the primary knows.
    const ended = `server process ${killed} ended (SIGKILL)`;
    for (let attempt = 0; attempt < 200; attempt++) {
      if (linesOf(server).some((line) => line.msg.includes(ended))) break;
      await new Promise((done) => setTimeout(done, 50));
    }
    let replacement: number | undefined;
    for (let attempt = 0; attempt < 200 && replacement === undefined; attempt++) {
      const { status, id } = await get(server);
      expect(status).toBe(200);
      const pid = await pidOf(server, id);
      if (pid !== killed && pid !== survivor) replacement = pid;
      else await new Promise((done) => setTimeout(done, 50));
    }
    expect(replacement).toBeDefined();
    expect(linesOf(server).some((line) => line.msg.includes(ended))).toBe(true);

    process.kill(server.pid, "SIGTERM");
    const exit = await Promise.race([
      server.exited,
      new Promise((done) => setTimeout(() => done("still running"), 25_000)),
    ]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(alive(survivor)).toBe(false);
    expect(alive(replacement!)).toBe(false);
  } finally {
    await server.stop();
  }
});

test("WEB_CONCURRENCY=0 stops start-up with one line naming it", async () => {
  const databaseUrl = `file:${resolve("tests/.tmp/processes-config-error.db")}`;
  const { code, logs: output } = await runServerToExit(databaseUrl, { WEB_CONCURRENCY: "0" });
  expect(code).toBe(1);
  const lines = output.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain("WEB_CONCURRENCY");
});
