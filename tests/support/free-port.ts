// A TCP port free on 127.0.0.1 a moment ago: for the servers tests start (the app, sqld, a container on the host network).
// It is taken below the kernel's ephemeral range. A port from `listen(0)` lies inside that range, where every outgoing
// connection takes its local port, so a client of another test could hold it by the time the server binds it
// (EADDRINUSE). A random port below the range is one no connection is ever given.
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

const LOWEST_PORT = 20_000;

/** The first port of the kernel's ephemeral range (Linux); 32768 elsewhere, below the range of other systems too. */
function ephemeralRangeStart(): number {
  try {
    const start = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return start > LOWEST_PORT + 1_000 ? start : 32_768;
  } catch {
    return 32_768;
  }
}

const rangeStart = ephemeralRangeStart();

function isFree(port: number): Promise<boolean> {
  return new Promise((resolveFree) => {
    const server = createServer();
    server.once("error", () => resolveFree(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolveFree(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOWEST_PORT + Math.floor(Math.random() * (rangeStart - LOWEST_PORT));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port between ${LOWEST_PORT} and ${rangeStart}`);
}
