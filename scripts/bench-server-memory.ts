// `npm run bench:memory`: the production server's memory under load, against its idle memory measured in the same
// run. Budget (README, Scripts): under 150 MB. Load comes from this process, to 127.0.0.1 only, bounded in time.
// Needs a build (`npm run build`). Exits non-zero over budget or on any 5xx.
import { readFileSync } from "node:fs";

import { serveNodeFlags, startServer } from "../tests/e2e/server";
import { signInOverHttp } from "../tests/support/http-sign-in";
import { SmtpSink } from "../tests/support/smtp-sink";

const BUDGET_MB = 150;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

const mail = await new SmtpSink().start();
// The heap flags of `npm run serve` (and the Dockerfile): ADR 008. BENCH_NODE_FLAGS overrides them to compare.
const nodeFlags = process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? serveNodeFlags();
const server = await startServer("bench-memory", { LOG_LEVEL: "error", SMTP_URL: mail.url }, { nodeFlags });
const url = server.url;

/** Resident memory of the server process, now and at its peak (Linux /proc). */
function memory(): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

// Sign in as the seeded admin, the way a browser without JavaScript does.
const cookie = await signInOverHttp(url, mail, "admin@example.com");

await new Promise((resolve) => setTimeout(resolve, 1000));
const idle = memory();
const paths = [
  "/login",
  "/manager/repositories",
  "/manager/repositories?searchTerm=lib",
  "/app/repositories",
  "/manager/dashboard",
  "/app/repositories.data",
  "/healthz",
];
let requests = 0;
let serverErrors = 0;
let peakRss = idle.rssMb;
const deadline = Date.now() + SECONDS * 1000;
const timeline: string[] = [];
let ticks = 0;
const sampler = setInterval(() => {
  const rss = memory().rssMb;
  peakRss = Math.max(peakRss, rss);
  if (++ticks % 25 === 0) timeline.push(rss.toFixed(0));
}, 200);
await Promise.all(
  Array.from({ length: CONCURRENCY }, async (_, worker) => {
    for (let index = worker; Date.now() < deadline; index++) {
      // Each worker is a client of its own (as 32 people would be), so the per-client cap of server.js stays out of it.
      const response = await fetch(`${url}${paths[index % paths.length]}`, {
        headers: { Cookie: cookie, "X-Forwarded-For": `198.18.2.${worker + 1}` },
        redirect: "manual",
      });
      await response.arrayBuffer();
      requests++;
      if (response.status >= 500) serverErrors++;
    }
  }),
);
clearInterval(sampler);
const after = memory();
console.log(`baseline: idle after start and sign-in   RSS ${idle.rssMb.toFixed(1)} MB`);
console.log(
  `under load (${CONCURRENCY} concurrent, ${SECONDS} s)     ${requests} requests, ${(requests / SECONDS).toFixed(0)}/s, ${serverErrors} server errors`,
);
console.log(`RSS every 5 s (MB)                       ${timeline.join(" ")}`);
console.log(
  `peak RSS under load                      ${Math.max(peakRss, after.peakMb).toFixed(1)} MB (budget ${BUDGET_MB} MB), growth ${(Math.max(peakRss, after.peakMb) - idle.rssMb).toFixed(1)} MB`,
);
await server.stop();
await mail.stop();
if (Math.max(peakRss, after.peakMb) > BUDGET_MB || serverErrors > 0) {
  console.error("over the memory budget, or server errors under load");
  process.exitCode = 1;
}
