// `npm run bench:flood`: how long another user waits for a page while one client floods the server, with the cap on
// requests in flight per client (MAX_REQUESTS_PER_CLIENT, server.js) against a baseline without it, in the same run.
// Each server is measured twice: the victim alone (one sequential client, GET /login), then the victim while a flooder
// holds 50 keep-alive connections hammering a page that costs the server more: the signed-in repository list, the
// flooder signed in through the real forms. (A flood of /login, under a millisecond a page, hardly delays anyone.)
// Clients are told apart by X-Forwarded-For (the test server trusts it). Load comes from this process, to 127.0.0.1
// only, bounded in time. Needs a build (`npm run build`).
// Budget: with the cap, the victim's median under flood is at most half the baseline's, its p99 no worse, and it never
// gets an error. Exits non-zero over budget.
import { once } from "node:events";
import { Agent, request } from "node:http";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

import { startServer } from "../tests/e2e/server";
import { signInOverHttp } from "../tests/support/http-sign-in";
import { rssMb } from "../tests/support/process-stats";
import { SmtpSink } from "../tests/support/smtp-sink";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const FLOOD_CONNECTIONS = 50;
const VICTIM = "198.51.100.7";
const FLOODER = "203.0.113.66";
/** What the flooder asks for, signed in as the seeded admin. */
const FLOODED_PATH = "/manager/repositories";
// The heap flags of `npm run serve` (ADR 008).
const nodeFlags = ["--max-old-space-size=128", "--max-semi-space-size=4"];

type Result = { status: number; ms: number };

/** One GET through `agent`; a status of 0 is a failed or timed-out request. */
function get(url: string, agent: Agent, client: string, cookie?: string): Promise<Result> {
  const started = performance.now();
  return new Promise((resolve) => {
    const outgoing = request(
      url,
      { agent, headers: { "X-Forwarded-For": client, ...(cookie ? { Cookie: cookie } : {}) }, timeout: 10_000 },
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

/**
 * The victim: one client, one request at a time, for SECONDS, on its one keep-alive connection (opened before the flood
 * starts: a user already on the site; a connection opened during a flood also waits to be accepted, which no cap on
 * requests changes).
 */
async function victim(url: string, agent: Agent): Promise<Victim> {
  const times: number[] = [];
  let errors = 0;
  const deadline = Date.now() + SECONDS * 1000;
  while (Date.now() < deadline) {
    const result = await get(`${url}/login`, agent, VICTIM);
    if (result.status === 200) times.push(result.ms);
    else errors++;
  }
  times.sort((a, b) => a - b);
  return { count: times.length, errors, p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

/** The flooder: FLOOD_CONNECTIONS keep-alive connections, each sending its next request as soon as one ends. */
async function flood(url: string, cookie: string, until: number): Promise<Record<string, number>> {
  const agent = new Agent({ keepAlive: true, maxSockets: FLOOD_CONNECTIONS });
  const counts: Record<string, number> = {};
  await Promise.all(
    Array.from({ length: FLOOD_CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const { status } = await get(`${url}${FLOODED_PATH}`, agent, FLOODER, cookie);
        counts[status] = (counts[status] ?? 0) + 1;
      }
    }),
  );
  agent.destroy();
  return counts;
}

/**
 * Starts the flood in a thread of its own (this file again: in the victim's thread, the flood's answers would delay the
 * victim's), for `durationMs`. Resolves once the flood has begun, with the promise of its counts.
 */
async function floodInThread(url: string, cookie: string, durationMs: number) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { url, cookie, durationMs } });
  // Each wait rejects when the thread fails instead.
  await once(worker, "message"); // "flooding"
  return { counts: once(worker, "message").then(([counts]) => counts as Record<string, number>) };
}

function tellParent(message: unknown) {
  // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's port, not a window
  parentPort!.postMessage(message);
}

const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;

async function measure(label: string, cap: string, mail: SmtpSink) {
  const server = await startServer(
    `bench-flood-${cap}`,
    { LOG_LEVEL: "error", MAX_REQUESTS_PER_CLIENT: cap, SMTP_URL: mail.url },
    { nodeFlags },
  );
  try {
    const cookie = await signInOverHttp(server.url, mail, "admin@example.com", { client: FLOODER });
    const victimAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    const warm = new Agent({ keepAlive: true });
    for (let index = 0; index < 20; index++) {
      await get(`${server.url}/login`, victimAgent, VICTIM);
      const flooded = await get(`${server.url}${FLOODED_PATH}`, warm, FLOODER, cookie);
      if (flooded.status !== 200) throw new Error(`${FLOODED_PATH} answered ${flooded.status} to the flooder`);
    }
    warm.destroy();
    const alone = await victim(server.url, victimAgent);
    let peakRss = rssMb(server.pid);
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid))), 200);
    const flooding = await floodInThread(server.url, cookie, SECONDS * 1000 + 500);
    const underFlood = await victim(server.url, victimAgent);
    const flooder = await flooding.counts;
    victimAgent.destroy();
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

if (!isMainThread) {
  const { url, cookie, durationMs } = workerData as { url: string; cookie: string; durationMs: number };
  const counts = flood(url, cookie, Date.now() + durationMs);
  tellParent("flooding");
  tellParent(await counts);
} else {
  const mail = await new SmtpSink().start();
  const before = await measure("baseline: no cap (MAX_REQUESTS_PER_CLIENT=0)", "0", mail);
  const after = await measure("cap of 8 requests in flight per client (the default)", "8", mail);
  await mail.stop();
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
}
