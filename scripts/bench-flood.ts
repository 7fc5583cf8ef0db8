// `npm run bench:flood`: how long another user waits for a page while one client floods the server, with the cap on
// requests in flight per client (MAX_REQUESTS_PER_CLIENT, server.js) against a baseline without it, in the same run.
// Each server is measured twice: the victim alone (one sequential client, GET /login), then the victim while a flooder
// holds 50 keep-alive connections hammering GET /login. Clients are told apart by X-Forwarded-For (the test server
// trusts it). Load comes from this process, to 127.0.0.1 only, bounded in time. Needs a build (`npm run build`).
// Budget: with the cap, the victim's median under flood is at most half the baseline's, its p99 no worse, and it never
// gets an error. Exits non-zero over budget.
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";

import { startServer } from "../tests/e2e/server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const FLOOD_CONNECTIONS = 50;
const VICTIM = "198.51.100.7";
const FLOODER = "203.0.113.66";
// The heap flags of `npm run serve` (ADR 008).
const nodeFlags = ["--max-old-space-size=128", "--max-semi-space-size=4"];

type Result = { status: number; ms: number };

/** One GET through `agent`; a status of 0 is a failed or timed-out request. */
function get(url: string, agent: Agent, client: string): Promise<Result> {
  const started = performance.now();
  return new Promise((resolve) => {
    const outgoing = request(
      `${url}/login`,
      { agent, headers: { "X-Forwarded-For": client }, timeout: 10_000 },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    outgoing.on("timeout", () => outgoing.destroy());
    outgoing.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    outgoing.end();
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}

type Victim = { count: number; errors: number; p50: number; p99: number };

/** The victim: one client, one request at a time, for SECONDS. */
async function victim(url: string): Promise<Victim> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let errors = 0;
  const deadline = Date.now() + SECONDS * 1000;
  while (Date.now() < deadline) {
    const result = await get(url, agent, VICTIM);
    if (result.status === 200) times.push(result.ms);
    else errors++;
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  return { count: times.length, errors, p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

/** The flooder: FLOOD_CONNECTIONS keep-alive connections, each sending its next request as soon as one ends. */
async function flood(url: string, until: number): Promise<Record<string, number>> {
  const agent = new Agent({ keepAlive: true, maxSockets: FLOOD_CONNECTIONS });
  const counts: Record<string, number> = {};
  await Promise.all(
    Array.from({ length: FLOOD_CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const { status } = await get(url, agent, FLOODER);
        counts[status] = (counts[status] ?? 0) + 1;
      }
    }),
  );
  agent.destroy();
  return counts;
}

const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

async function measure(label: string, cap: string) {
  const server = await startServer(
    `bench-flood-${cap}`,
    { LOG_LEVEL: "error", MAX_REQUESTS_PER_CLIENT: cap },
    { nodeFlags },
  );
  try {
    const warm = new Agent({ keepAlive: true });
    for (let index = 0; index < 20; index++) await get(server.url, warm, VICTIM);
    warm.destroy();
    const alone = await victim(server.url);
    let peakRss = rssMb(server.pid);
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid))), 200);
    const flooding = flood(server.url, Date.now() + SECONDS * 1000 + 500);
    const underFlood = await victim(server.url);
    const flooder = await flooding;
    clearInterval(sampler);
    console.log(`${label}`);
    console.log(
      `  victim alone        p50 ${ms(alone.p50)}   p99 ${ms(alone.p99)}   ${alone.count} pages, ${alone.errors} errors`,
    );
    console.log(
      `  victim under flood  p50 ${ms(underFlood.p50)}   p99 ${ms(underFlood.p99)}   ${underFlood.count} pages, ${underFlood.errors} errors`,
    );
    console.log(
      `  flooder (${FLOOD_CONNECTIONS} connections)  ${flooder["200"] ?? 0} × 200, ${flooder["503"] ?? 0} × 503, ${
        Object.entries(flooder)
          .filter(([status]) => status !== "200" && status !== "503")
          .map(([status, count]) => `${count} × ${status === "0" ? "failed" : status}`)
          .join(", ") || "nothing else"
      }   peak RSS ${peakRss.toFixed(0)} MB`,
    );
    return { alone, underFlood };
  } finally {
    await server.stop();
  }
}

const before = await measure("baseline: no cap (MAX_REQUESTS_PER_CLIENT=0)", "0");
const after = await measure("cap of 8 requests in flight per client (the default)", "8");
const budget = before.underFlood.p50 / 2;
console.log(
  `victim p50 under flood with the cap: ${after.underFlood.p50.toFixed(1)} ms (budget ${budget.toFixed(1)} ms, half the baseline's)`,
);
if (
  after.underFlood.p50 > budget ||
  after.underFlood.p99 > before.underFlood.p99 ||
  after.alone.errors + after.underFlood.errors > 0
) {
  console.error("over budget: the cap does not keep the flood from the other user, or the other user got errors");
  process.exitCode = 1;
}
