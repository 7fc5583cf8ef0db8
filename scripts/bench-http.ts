// `npm run bench:http`: pages per second of the production server, against a bare `node:http` server that sends a
// fixed page of the same size, measured in the same run so that the budgets hold on another machine (they are ratios
// to that baseline). Targets: GET /login, a signed-in list page on the default seed, the same list over 100 000 rows,
// with and without a search term. Each round loads every target in turn (order rotating), BENCH_CONNECTIONS keep-alive
// connections for BENCH_SECONDS after a warm-up; figures are the medians of the rounds. It also times the cold start
// to the first 200, samples each server's resident memory under load, and reads the CPU time each answer cost the
// server, all its threads and its main thread alone: a page's cost without its wait in the queue, which still rises
// when the machine runs slower (ADR 042). Load comes from this process (autocannon), to 127.0.0.1 only. Needs a build
// (`npm run build`). Exits non-zero when a figure misses its budget or a server errs.
//
// Beside them it loads the stack's floor (ADR 044): a React Router app that renders the same body, with the same
// loader data, as the seeded list, with nothing of ours in it. It is a reading, not a budget: what React Router and
// React alone cost for that page on this machine, so that the list's figures can be read as the floor plus our app.
import { spawn } from "node:child_process";
import autocannon from "autocannon";

import { serveNodeFlags, startServer, TEST_AUTH_SECRET } from "../tests/e2e/server";
import { freePort } from "../tests/support/free-port";
import { signInOverHttp } from "../tests/support/http-sign-in";
import { cpuMs, rssMb } from "../tests/support/process-stats";
import { SmtpSink } from "../tests/support/smtp-sink";
import { waitForOk } from "../tests/support/wait-for-ok";
import { buildStackFloor, pageBody, pageStream, startStackFloor } from "./stack-floor";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP_SECONDS = 1;
const LIST_ROWS = 100_000;
const SEARCH_TERM = "delta";
/** The goals, set from one run of the bare baseline on the reference machine (23,250 requests/s, p99 2 ms, 108 ms
 * cold start): ratios of the baseline measured in this run. Memory is an absolute budget (README, Scripts). */
const BUDGET = {
  loginRate: 1300 / 23_250,
  loginP99: 30 / 2,
  listRate: 600 / 23_250,
  searchRateOfList: 0.5,
  searchP99: 100 / 2,
  coldStart: 400 / 108,
  memoryMb: 150,
};

type Target = { name: string; url: string; cookie?: string; pid: () => number };
/** `cpuMs`: the server's CPU time per answer, all its threads, and `mainMs` the part of it on its main thread, the one
 * that runs the app. Up to one request per connection is still in flight when the load stops: the server's work on
 * it is counted, but not as an answer, so the figures may be a few per cent high (20 in about 700 answers on the
 * slowest target). */
type Sample = { rate: number; p50: number; p99: number; errors: number; rssMb: number; cpuMs: number; mainMs: number };

/** Loads one target, each connection a client of its own (the per-client cap of server.js stays out of it). */
async function load(target: Target, seconds: number): Promise<Sample> {
  let connection = 0;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(target.pid()))), 100);
  const cpuBefore = cpuMs(target.pid());
  const mainBefore = cpuMs(target.pid(), { mainThread: true });
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: target.cookie ? { cookie: target.cookie } : {},
    setupClient: (client) => {
      const address = `198.18.7.${++connection % 250}`;
      client.setHeaders({ "x-forwarded-for": address, ...(target.cookie ? { cookie: target.cookie } : {}) });
    },
  });
  clearInterval(sampler);
  const cpuUsed = cpuMs(target.pid()) - cpuBefore;
  const mainUsed = cpuMs(target.pid(), { mainThread: true }) - mainBefore;
  return {
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    rssMb: peak,
    cpuMs: cpuUsed / Math.max(1, result.requests.total),
    mainMs: mainUsed / Math.max(1, result.requests.total),
  };
}

/** A fixed page over bare node:http, the same bytes and content type as the login page. */
function startBaseline(body: Buffer, port: number) {
  const source = `
    const body = Buffer.from(process.env.BODY, "base64");
    require("node:http").createServer((request, response) => {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
      response.end(body);
    }).listen(${port}, "127.0.0.1");`;
  return spawn(process.execPath, ["-e", source], {
    env: { PATH: process.env.PATH ?? "", BODY: body.toString("base64") },
    stdio: "ignore",
  });
}

/** Milliseconds from spawning `command` to the first 200 of `url`, polling every 5 ms. */
async function coldStart(start: (port: number) => ReturnType<typeof spawn>, path: string): Promise<number> {
  const port = await freePort();
  const began = performance.now();
  const child = start(port);
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}${path}`);
        await response.arrayBuffer();
        if (response.status === 200) return performance.now() - began;
      } catch {
        // not listening yet
      }
      if (performance.now() - began > 30_000) throw new Error("no 200 within 30 s");
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill("SIGKILL");
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const medianRound = (rounds: Sample[]) => [...rounds].sort((a, b) => a.cpuMs - b.cpuMs)[Math.floor(rounds.length / 2)]!;

const mail = await new SmtpSink().start();
// Each server logs every request, as in production, to a file of its own: read by this process, the lines cost the
// load generator CPU and memory on the same cores, and showed as the servers' latency.
const seeded = await startServer(
  "bench-http",
  { SMTP_URL: mail.url, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info" },
  { logFile: "tests/.tmp/bench-http.log" },
);
const large = await startServer(
  "bench-http-100k",
  { SMTP_URL: mail.url, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info" },
  { logFile: "tests/.tmp/bench-http-100k.log" },
);
const baselinePort = await freePort();
let baseline: ReturnType<typeof startBaseline> | undefined;
let floor: Awaited<ReturnType<typeof buildStackFloor>> | undefined;
let floorServer: ReturnType<typeof startStackFloor> | undefined;
try {
  // The 100 000 rows, written by the seed's own function into the second server's database.
  // (Not spawnSync: this process's keep-alive sockets must see the servers close them meanwhile.)
  const filler = spawn(process.execPath, ["--import", "tsx", "scripts/db.ts", "seed-bench", String(LIST_ROWS)], {
    env: { ...process.env, DATABASE_URL: large.databaseUrl, AUTH_SECRET: TEST_AUTH_SECRET, LOG_LEVEL: "warn" },
    stdio: "inherit",
  });
  const filled = await new Promise<number | null>((resolve) => filler.once("exit", resolve));
  if (filled !== 0) throw new Error("seeding the 100 000 rows failed");

  // Signed in through the real forms, as the seeded admin.
  const seededCookie = await signInOverHttp(seeded.url, mail, "admin@example.com", { client: "198.18.6.1" });
  const largeCookie = await signInOverHttp(large.url, mail, "admin@example.com", { client: "198.18.6.2" });
  const loginPage = Buffer.from(await (await fetch(`${seeded.url}/login`)).arrayBuffer());
  baseline = startBaseline(loginPage, baselinePort);
  const baselineProcess = baseline;
  await new Promise((resolve) => setTimeout(resolve, 300));

  // The stack's floor for the seeded list: built from the page as the admin sees it, checked to send the same body and
  // the same loader data.
  const listAnswer = await fetch(`${seeded.url}/manager/repositories`, {
    headers: { cookie: seededCookie },
    redirect: "manual",
  });
  if (listAnswer.status !== 200) throw new Error(`the seeded list answered ${listAnswer.status}`);
  const listPage = await listAnswer.text();
  floor = await buildStackFloor(listPage);
  const floorUrl = `http://127.0.0.1:${await freePort()}`;
  floorServer = startStackFloor(floor.dir, Number(new URL(floorUrl).port), serveNodeFlags());
  const floorProcess = floorServer;
  const floorPage = await waitForOk(`${floorUrl}/manager/repositories`, { timeoutMs: 10_000, child: floorServer });
  for (const [what, read] of [
    ["body", pageBody],
    ["loader data", pageStream],
  ] as const) {
    const [ours, floors] = [read(listPage), read(floorPage)];
    if (ours === floors) continue;
    let at = 0;
    while (ours[at] === floors[at]) at++;
    throw new Error(
      `the stack floor's ${what} differs from the list's at ${at}:\n ours: ${ours.slice(at, at + 80)}\n floor: ${floors.slice(at, at + 80)}`,
    );
  }

  const targets: Target[] = [
    { name: "bare node:http", url: `http://127.0.0.1:${baselinePort}/`, pid: () => baselineProcess.pid! },
    { name: "GET /login", url: `${seeded.url}/login`, pid: () => seeded.pid },
    { name: "list, seed", url: `${seeded.url}/manager/repositories`, cookie: seededCookie, pid: () => seeded.pid },
    { name: "list, 100k", url: `${large.url}/manager/repositories`, cookie: largeCookie, pid: () => large.pid },
    {
      name: "list, 100k, search",
      url: `${large.url}/manager/repositories?searchTerm=${SEARCH_TERM}`,
      cookie: largeCookie,
      pid: () => large.pid,
    },
    { name: "stack floor, list", url: `${floorUrl}/manager/repositories`, pid: () => floorProcess.pid! },
  ];
  for (const target of targets.filter((each) => each.cookie)) {
    const response = await fetch(target.url, { headers: { cookie: target.cookie! }, redirect: "manual" });
    if (response.status !== 200) throw new Error(`${target.name} answered ${response.status}`);
  }

  const samples = new Map<string, Sample[]>(targets.map((target) => [target.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = [...targets.slice(round % targets.length), ...targets.slice(0, round % targets.length)];
    for (const target of order) {
      await load(target, WARM_UP_SECONDS);
      samples.get(target.name)!.push(await load(target, SECONDS));
    }
  }

  const figures = new Map(
    targets.map((target) => {
      const rounds = samples.get(target.name)!;
      return [
        target.name,
        {
          rate: median(rounds.map((sample) => sample.rate)),
          p50: median(rounds.map((sample) => sample.p50)),
          p99: median(rounds.map((sample) => sample.p99)),
          errors: rounds.reduce((total, sample) => total + sample.errors, 0),
          rssMb: Math.max(...rounds.map((sample) => sample.rssMb)),
          // Both CPU figures from the same round: the one whose total is the median.
          cpuMs: medianRound(rounds).cpuMs,
          mainMs: medianRound(rounds).mainMs,
        },
      ];
    }),
  );
  const base = figures.get("bare node:http")!;
  console.log(
    `${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per target (order rotating, ${WARM_UP_SECONDS} s warm-up), medians; no compression`,
  );
  console.log(
    `${"target".padEnd(22)}${"req/s".padStart(9)}${"p50".padStart(9)}${"p99".padStart(9)}${"peak RSS".padStart(11)}${"CPU/answer (main thread)".padStart(26)}${"rate ratio".padStart(12)}${"errors".padStart(8)}`,
  );
  for (const [name, figure] of figures)
    console.log(
      `${name.padEnd(22)}${figure.rate.toFixed(0).padStart(9)}${`${figure.p50.toFixed(0)} ms`.padStart(9)}${`${figure.p99.toFixed(0)} ms`.padStart(9)}${`${figure.rssMb.toFixed(0)} MB`.padStart(11)}${`${figure.cpuMs.toPrecision(3)} (${figure.mainMs.toPrecision(3)}) ms`.padStart(26)}${(figure.rate / base.rate).toFixed(4).padStart(12)}${String(figure.errors).padStart(8)}`,
    );

  const list = figures.get("list, seed")!;
  const floorList = figures.get("stack floor, list")!;
  console.log(
    `stack floor, list, against the budgets: ${(floorList.rate / (base.rate * BUDGET.listRate)).toFixed(2)} of the list's rate budget, peak ${floorList.rssMb.toFixed(0)} MB against ${BUDGET.memoryMb} MB`,
  );
  console.log(
    `list, seed against the stack floor: ${(list.rate / floorList.rate).toFixed(2)} of its rate, ${(list.cpuMs - floorList.cpuMs).toFixed(2)} ms more CPU per answer (${(list.mainMs - floorList.mainMs).toFixed(2)} ms on the main thread)`,
  );

  // Cold start: a fresh process on the prepared database to the first 200 of /login, median of three.
  const serverStarts: number[] = [];
  const bareStarts: number[] = [];
  for (let trial = 0; trial < 3; trial++) {
    bareStarts.push(await coldStart((port) => startBaseline(loginPage, port), "/"));
    serverStarts.push(
      await coldStart(
        (port) =>
          spawn(process.execPath, [...serveNodeFlags(), "server.js"], {
            env: {
              PATH: process.env.PATH ?? "",
              NODE_ENV: "production",
              PORT: String(port),
              HOST: "127.0.0.1",
              APP_URL: `http://127.0.0.1:${port}`,
              DATABASE_URL: seeded.databaseUrl,
              AUTH_SECRET: TEST_AUTH_SECRET,
              SMTP_URL: mail.url,
            },
            stdio: "ignore",
          }),
        "/login",
      ),
    );
  }
  const cold = { bare: median(bareStarts), server: median(serverStarts) };
  console.log(
    `cold start to the first 200: bare node:http ${cold.bare.toFixed(0)} ms, server ${cold.server.toFixed(0)} ms (${(cold.server / cold.bare).toFixed(1)}×)`,
  );

  const login = figures.get("GET /login")!;
  const search = figures.get("list, 100k, search")!;
  const notOurs = new Set(["bare node:http", "stack floor, list"]);
  const serverPeak = Math.max(...[...figures].filter(([name]) => !notOurs.has(name)).map(([, f]) => f.rssMb));
  const checks: Array<[string, boolean, string]> = [
    [
      "/login requests/s",
      login.rate >= base.rate * BUDGET.loginRate,
      `${login.rate.toFixed(0)} ≥ ${(base.rate * BUDGET.loginRate).toFixed(0)}`,
    ],
    [
      "/login p99",
      login.p99 <= Math.max(1, base.p99) * BUDGET.loginP99,
      `${login.p99} ms ≤ ${Math.max(1, base.p99) * BUDGET.loginP99} ms`,
    ],
    [
      "list requests/s",
      list.rate >= base.rate * BUDGET.listRate,
      `${list.rate.toFixed(0)} ≥ ${(base.rate * BUDGET.listRate).toFixed(0)}`,
    ],
    [
      "100k search requests/s",
      search.rate >= list.rate * BUDGET.searchRateOfList,
      `${search.rate.toFixed(0)} ≥ ${(list.rate * BUDGET.searchRateOfList).toFixed(0)}`,
    ],
    [
      "100k search p99",
      search.p99 <= Math.max(1, base.p99) * BUDGET.searchP99,
      `${search.p99} ms ≤ ${Math.max(1, base.p99) * BUDGET.searchP99} ms`,
    ],
    ["server memory", serverPeak <= BUDGET.memoryMb, `${serverPeak.toFixed(0)} MB ≤ ${BUDGET.memoryMb} MB`],
    [
      "cold start",
      cold.server <= cold.bare * BUDGET.coldStart,
      `${cold.server.toFixed(0)} ms ≤ ${(cold.bare * BUDGET.coldStart).toFixed(0)} ms`,
    ],
    ["no errors", [...figures.values()].every((figure) => figure.errors === 0), "every answer a 200"],
  ];
  for (const [name, ok, detail] of checks) console.log(`${ok ? "ok  " : "MISS"} ${name.padEnd(24)} ${detail}`);
  if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
} catch (error) {
  console.error(seeded.logs.join("").slice(-3000), large.logs.join("").slice(-3000));
  throw error;
} finally {
  baseline?.kill("SIGKILL");
  floorServer?.kill("SIGKILL");
  floor?.remove();
  await Promise.all([seeded.stop(), large.stop()]);
  await mail.stop();
}
