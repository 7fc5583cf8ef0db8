// `npm run bench:processes`: requests/s of the production server with 1 and with 2 server processes (WEB_CONCURRENCY,
// server.js, ADR 021), side by side in one run. Both servers run at once, each on its own seeded database; they are
// loaded in turn, the order rotating each round, each round after a warm-up: GET /login over BENCH_CONNECTIONS
// keep-alive connections, each its own client (X-Forwarded-For), for BENCH_SECONDS. Load comes from this process, to
// 127.0.0.1 only. Needs a build (`npm run build`).
// No budget on the ratio: on a 2-core machine the load generator takes a core from the servers, so 2 processes cannot
// show what they do on a host of their own. Exits non-zero only when a server answers an error.
import { Agent, request } from "node:http";

import { startServer } from "../tests/e2e/server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARM_UP_MS = 1_000;
// The production default: a request line each, at info (in JSON, to tell the processes apart).
const common = { LOG_LEVEL: "info", LOG_FORMAT: "json" };

type Server = Awaited<ReturnType<typeof startServer>>;
type Sample = { ms: number[]; errors: number; seconds: number };

function get(url: string, agent: Agent, client: number): Promise<{ ok: boolean; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const outgoing = request(
      `${url}/login`,
      { agent, headers: { "X-Forwarded-For": `198.18.9.${client}` }, timeout: 10_000 },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ ok: response.statusCode === 200, ms: performance.now() - started }));
      },
    );
    outgoing.on("timeout", () => outgoing.destroy());
    outgoing.on("error", () => resolve({ ok: false, ms: performance.now() - started }));
    outgoing.end();
  });
}

/** CONNECTIONS clients, each sending its next request when the last ends, until `until`; counts from `from`. */
async function load(server: Server, from: number, until: number): Promise<Sample> {
  const agents = Array.from({ length: CONNECTIONS }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
  const sample: Sample = { ms: [], errors: 0, seconds: (until - from) / 1000 };
  await Promise.all(
    agents.map(async (agent, index) => {
      while (Date.now() < until) {
        const result = await get(server.url, agent, index + 1);
        if (Date.now() < from) continue;
        if (result.ok) sample.ms.push(result.ms);
        else sample.errors++;
      }
    }),
  );
  for (const agent of agents) agent.destroy();
  return sample;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function waitForAllProcesses(server: Server, count: number) {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (count === 1 || server.logs.join("").includes(`${count} server processes listening`)) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the ${count} server processes did not all start:\n${server.logs.join("")}`);
}

const servers = {
  1: await startServer("bench-processes-1", common),
  2: await startServer("bench-processes-2", { ...common, WEB_CONCURRENCY: "2" }),
};
const results: Record<1 | 2, Sample[]> = { 1: [], 2: [] };
try {
  await waitForAllProcesses(servers[2], 2);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ([1, 2] as const) : ([2, 1] as const);
    for (const count of order) {
      const from = Date.now() + WARM_UP_MS;
      results[count].push(await load(servers[count], from, from + SECONDS * 1000));
    }
  }
} finally {
  await Promise.all([servers[1].stop(), servers[2].stop()]);
}

/** How many processes wrote request lines. */
function answeringProcesses(server: Server): number {
  const pids = new Set<number>();
  for (const line of server.logs.join("").split("\n")) {
    if (line.includes('"request":')) pids.add((JSON.parse(line) as { pid: number }).pid);
  }
  return pids.size;
}

function summary(samples: Sample[]) {
  const ms = samples.flatMap((sample) => sample.ms).sort((a, b) => a - b);
  const seconds = samples.reduce((total, sample) => total + sample.seconds, 0);
  const errors = samples.reduce((total, sample) => total + sample.errors, 0);
  return { perSecond: ms.length / seconds, p50: percentile(ms, 0.5) ?? NaN, p99: percentile(ms, 0.99) ?? NaN, errors };
}
const one = summary(results[1]);
const two = summary(results[2]);
const row = (label: string, value: (s: typeof one) => string) =>
  console.log(`${label.padEnd(16)}${value(one).padStart(12)}${value(two).padStart(14)}`);
console.log(
  `GET /login, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each (order rotating, ${WARM_UP_MS} ms warm-up)`,
);
console.log(`${"".padEnd(16)}${"1 process".padStart(12)}${"2 processes".padStart(14)}`);
row("requests/s", (s) => s.perSecond.toFixed(0));
row("p50", (s) => `${s.p50.toFixed(1)} ms`);
row("p99", (s) => `${s.p99.toFixed(1)} ms`);
row("errors", (s) => String(s.errors));
console.log(
  `${"answered by".padEnd(16)}${`${answeringProcesses(servers[1])} pid`.padStart(12)}${`${answeringProcesses(servers[2])} pids`.padStart(14)}`,
);
console.log(`ratio (2 / 1)   ${(two.perSecond / one.perSecond).toFixed(2)}× requests/s`);
if (two.errors > 0 || one.errors > 0) {
  console.error("a server answered errors under load");
  process.exitCode = 1;
}
