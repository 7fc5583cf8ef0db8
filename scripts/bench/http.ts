// `npm run bench:http [load] [flood] [processes] [replica]` (all four by default): the production server under load, against
// references measured in the same run, so that its budgets are ratios that hold on another machine. Needs a build
// (`npm run build`). Load comes from this process (autocannon), to 127.0.0.1 only, bounded in time. Exits non-zero when
// a budget is missed or a server errs; a figure to watch is printed, never failed (README, Scripts).
//
// load: two references, a bare `node:http` server sending the sign-in page's bytes, and the fixture
// (scripts/bench/fixture/: a hand-written React Router app that lists 20 rows, built and served as ours is), then
// GET /login from the document cache and rendered (an Authorization header keeps a request out of the cache, ADR 028),
// a signed-in list on the seed and at 100 000 rows, with and without a search term. Closed loop: each round loads every
// target in turn, the order rotating, BENCH_CONNECTIONS keep-alive connections, each a client of its own, for
// BENCH_SECONDS after a 1 s warm-up; figures are medians of BENCH_ROUNDS rounds: rate, latency, CPU time per answer
// (all threads, and the main thread that runs the app, ADR 042), peak RSS and RssAnon. Open loop (open-loop.ts): the
// fixture, /login, the seeded list and the 100 000-row search at one offered rate, a quarter of the fixture's capacity
// just measured, evenly spaced, for their latency (ADR 056). Then the cold start to the first 200 of /login, against
// the bare server's, median of five.
// flood: another user's latency on /login (for BENCH_FLOOD_SECONDS, 8) while one client floods 50 connections with
// the signed-in list, with the per-client cap on requests in flight (MAX_REQUESTS_PER_CLIENT=8, the default) and
// without it (0).
// processes: GET /login with 1 and 2 server processes (WEB_CONCURRENCY, ADR 021); no budget, errors only.
// replica: the seeded signed-in list from a server on a libSQL server (sqld) over the network, and from one reading an
// embedded replica of it (DATABASE_REPLICA_FILE, ADR 050), with no read-your-writes cookie, with one the replica
// already holds (the check's cost), and with one ahead of it (a sync on every request); no budget, errors only.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import autocannon from "autocannon";
import { createCookie } from "react-router";

import { serveNodeFlags, startServer, TEST_AUTH_SECRET } from "../../tests/e2e/server";
import { freePort } from "../../tests/support/free-port";
import { signInOverHttp } from "../../tests/support/http-sign-in";
import { cpuMs, rssMb } from "../../tests/support/process-stats";
import { SmtpSink } from "../../tests/support/smtp-sink";
import { startSqld } from "../../tests/support/sqld";
import { waitForOk } from "../../tests/support/wait-for-ok";
import { openLoop, type OpenLoopResult } from "./open-loop";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP_SECONDS = 1;
const LIST_ROWS = 100_000;
const SEARCH_TERM = "delta";
/**
 * Budgets, as ratios to a reference measured in the same run, or absolute where a latency at a fixed offered rate is
 * what is asked; each passes on this stack today.
 */
const BUDGET = {
  loginRateOfFixture: 1,
  searchRateOfList: 0.5,
  coldStartOfBare: 400 / 108,
  loginP99Ms: 20,
  listP99Ms: 50,
};
/**
 * Speed goals this stack does not meet, or not in every run: printed to watch, never failed (docs/benchmarks.md,
 * 2026-11-27, says where the list's time goes).
 */
const WATCH = {
  listRateOfFixture: 0.75,
  listCpuOverFixtureMs: 1,
  searchP99Ms: 100,
  peakRssOverFixtureMb: 15,
  rssAnonOverFixtureMb: 10,
  coldStartOfBare: 3,
};
/** Cold starts of each server, for a median: a start varies by a fifth from one to the next on this machine. */
const COLD_STARTS = 5;
/** The open loop's offered rate, as a share of the fixture's capacity in the same run (see where it is used). */
const OPEN_LOOP_SHARE_OF_FIXTURE = 0.25;
/** The flood needs longer than a load: the victim's pages under it are few. */
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 8);
const parts = process.argv.slice(2);
const runs = (part: string) => parts.length === 0 || parts.includes(part);

type Target = { name: string; url: string; headers?: Record<string, string>; pid: () => number };
type Sample = {
  rate: number;
  p50: number;
  p99: number;
  errors: number;
  rssMb: number;
  rssAnonMb: number;
  cpuMs: number;
  mainMs: number;
};

/**
 * Loads `target` for `seconds`, closed loop: each connection sends its next request when the last is answered. Each
 * connection is a client of its own (X-Forwarded-For), so the server's per-client cap stays out of it. Up to one
 * request per connection is still in flight when the load stops: the server's work on it counts, not as an answer, so
 * CPU per answer may read a few per cent high.
 */
async function load(target: Target, seconds: number): Promise<Sample> {
  let connection = 0;
  let peak = { rss: 0, anon: 0 };
  const sample = () =>
    (peak = {
      rss: Math.max(peak.rss, rssMb(target.pid())),
      anon: Math.max(peak.anon, rssMb(target.pid(), { anonymous: true })),
    });
  const sampler = setInterval(sample, 100);
  const cpuBefore = cpuMs(target.pid());
  const mainBefore = cpuMs(target.pid(), { mainThread: true });
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: seconds,
    setupClient: (client) =>
      client.setHeaders({ "x-forwarded-for": `198.18.7.${++connection % 250}`, ...target.headers }),
  });
  clearInterval(sampler);
  const answers = Math.max(1, result.requests.total);
  return {
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    rssMb: peak.rss,
    rssAnonMb: peak.anon,
    cpuMs: (cpuMs(target.pid()) - cpuBefore) / answers,
    mainMs: (cpuMs(target.pid(), { mainThread: true }) - mainBefore) / answers,
  };
}

/** A fixed page over bare node:http, the same bytes and content type as the sign-in page. */
function startBare(body: Buffer, port: number): ChildProcess {
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

const FIXTURE_BUILD = resolve("tests/.tmp/bench-fixture");
/** Builds the fixture with React Router's production build (as `npm run build` does ours). */
async function buildFixture() {
  const builder = spawn(
    process.execPath,
    [resolve("node_modules/@react-router/dev/bin.cjs"), "build", "scripts/bench/fixture"],
    { stdio: ["ignore", "ignore", "inherit"], timeout: 120_000 },
  );
  const code = await new Promise((done) => builder.once("exit", done));
  if (code !== 0) throw new Error(`building the fixture failed (exit ${String(code)})`);
}

/** The fixture's server on `port`, with `npm run serve`'s node flags. */
function startFixture(port: number): ChildProcess {
  return spawn(process.execPath, [...serveNodeFlags(), "scripts/bench/fixture/server.mjs"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      BUILD: `${FIXTURE_BUILD}/server/index.js`,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** Milliseconds from `start` to the first 200 (polled every 50 ms: both sides of a ratio alike). */
async function coldStart(start: () => Promise<{ stop: () => unknown }>): Promise<number> {
  const began = performance.now();
  const started = await start();
  const ms = performance.now() - began;
  await started.stop();
  return ms;
}

// Each server logs every request, as in production, to a file of its own: through this process, the lines would cost
// the load generator CPU on the same cores and show as the servers' latency.
const logged = (name: string) => ({ logFile: `tests/.tmp/${name}.log` });
/** The open loop's i-th request's client: 250 of them, so the server's per-client cap stays out of it. */
const openLoopClient = (index: number) => `198.18.8.${index % 250}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const row = (cells: Array<[string | number, number]>) =>
  console.log(
    cells
      .map(([cell, width], index) => (index === 0 ? String(cell).padEnd(width) : String(cell).padStart(width)))
      .join(""),
  );

/** [name, ok, detail] of each budget, and [name, detail] of each figure to watch. */
const checks: Array<[string, boolean, string]> = [];
const watched: Array<[string, string]> = [];

async function measureLoad(mail: SmtpSink) {
  const env = { SMTP_URL: mail.url, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info" };
  const seeded = await startServer("bench-http", env, logged("bench-http"));
  const large = await startServer("bench-http-100k", env, logged("bench-http-100k"));
  const children: ChildProcess[] = [];
  try {
    // The 100 000 rows, written by the seed's own function into the second server's database (not spawnSync: this
    // process's keep-alive sockets must see the servers close them meanwhile).
    const filler = spawn(process.execPath, ["--import", "tsx", "scripts/db.ts", "seed-bench", String(LIST_ROWS)], {
      env: { ...process.env, DATABASE_URL: large.databaseUrl, AUTH_SECRET: TEST_AUTH_SECRET, LOG_LEVEL: "warn" },
      stdio: "inherit",
    });
    if ((await new Promise((done) => filler.once("exit", done))) !== 0) throw new Error("seeding 100 000 rows failed");
    await buildFixture();

    const seededCookie = await signInOverHttp(seeded.url, mail, "admin@example.com", { client: "198.18.6.1" });
    const largeCookie = await signInOverHttp(large.url, mail, "admin@example.com", { client: "198.18.6.2" });
    const loginPage = Buffer.from(await (await fetch(`${seeded.url}/login`)).arrayBuffer());
    const barePort = await freePort();
    const bare = startBare(loginPage, barePort);
    const fixturePort = await freePort();
    const fixture = startFixture(fixturePort);
    children.push(bare, fixture);
    await waitForOk(`http://127.0.0.1:${barePort}/`, { timeoutMs: 10_000, child: bare });
    await waitForOk(`http://127.0.0.1:${fixturePort}/`, { timeoutMs: 10_000, child: fixture });

    const ours = (server: typeof seeded) => () => server.pid;
    const targets: Target[] = [
      { name: "bare node:http", url: `http://127.0.0.1:${barePort}/`, pid: () => bare.pid! },
      { name: "fixture", url: `http://127.0.0.1:${fixturePort}/`, pid: () => fixture.pid! },
      { name: "/login, cached", url: `${seeded.url}/login`, pid: ours(seeded) },
      {
        name: "/login, rendered",
        url: `${seeded.url}/login`,
        headers: { authorization: "Bench not-a-credential" },
        pid: ours(seeded),
      },
      {
        name: "list, seed",
        url: `${seeded.url}/manager/repositories`,
        headers: { cookie: seededCookie },
        pid: ours(seeded),
      },
      {
        name: "list, 100k",
        url: `${large.url}/manager/repositories`,
        headers: { cookie: largeCookie },
        pid: ours(large),
      },
      {
        name: "list, 100k, search",
        url: `${large.url}/manager/repositories?searchTerm=${SEARCH_TERM}`,
        headers: { cookie: largeCookie },
        pid: ours(large),
      },
    ];
    for (const target of targets) {
      const response = await fetch(target.url, { headers: target.headers, redirect: "manual" });
      await response.arrayBuffer();
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
      [...samples].map(([name, rounds]) => {
        // Both CPU figures from the same round: the one whose total is the median.
        const middle = [...rounds].sort((a, b) => a.cpuMs - b.cpuMs)[Math.floor(rounds.length / 2)]!;
        const figure: Sample = {
          rate: median(rounds.map((each) => each.rate)),
          p50: median(rounds.map((each) => each.p50)),
          p99: median(rounds.map((each) => each.p99)),
          errors: rounds.reduce((total, each) => total + each.errors, 0),
          rssMb: Math.max(...rounds.map((each) => each.rssMb)),
          rssAnonMb: Math.max(...rounds.map((each) => each.rssAnonMb)),
          cpuMs: middle.cpuMs,
          mainMs: middle.mainMs,
        };
        return [name, figure];
      }),
    );
    const get = (name: string) => figures.get(name)!;
    const [base, reference] = [get("bare node:http"), get("fixture")];
    console.log(
      `closed loop: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per target (order rotating, ${WARM_UP_SECONDS} s warm-up), medians; no compression`,
    );
    const widths = [20, 8, 8, 8, 10, 10, 20, 10, 10, 7];
    const line = (cells: Array<string | number>) => row(cells.map((cell, index) => [cell, widths[index]!]));
    line([
      "target",
      "req/s",
      "p50",
      "p99",
      "peak RSS",
      "RssAnon",
      "CPU/answer (main)",
      "÷ bare",
      "÷ fixture",
      "errors",
    ]);
    for (const [name, f] of figures)
      line([
        name,
        f.rate.toFixed(0),
        ms(f.p50),
        ms(f.p99),
        `${f.rssMb.toFixed(0)} MB`,
        `${f.rssAnonMb.toFixed(0)} MB`,
        `${f.cpuMs.toPrecision(3)} (${f.mainMs.toPrecision(3)}) ms`,
        (f.rate / base.rate).toFixed(4),
        (f.rate / reference.rate).toFixed(3),
        f.errors,
      ]);

    // Open loop at a quarter of the fixture's capacity: latency when the offered rate does not depend on the answers
    // (open-loop.ts, ADR 056). A quarter, not a half: the 100 000-row search's budgeted rate is half the list's, which
    // is 0.75 of the fixture's, so 0.375 of it; at half the fixture's it would be offered more than it must serve.
    const offered = Math.max(1, Math.round(reference.rate * OPEN_LOOP_SHARE_OF_FIXTURE));
    console.log(
      `open loop: ${offered} requests/s offered (a quarter of the fixture's rate), evenly spaced, ${SECONDS} s`,
    );
    line(["target", "req/s", "p50", "p99", "", "", "", "", "", "errors"]);
    const open = new Map<string, OpenLoopResult>();
    for (const name of ["fixture", "/login, cached", "list, seed", "list, 100k, search"]) {
      const target = targets.find((each) => each.name === name)!;
      await openLoop(target.url, {
        rate: offered,
        seconds: WARM_UP_SECONDS,
        headers: target.headers,
        client: openLoopClient,
      });
      const f = await openLoop(target.url, {
        rate: offered,
        seconds: SECONDS,
        headers: target.headers,
        client: openLoopClient,
      });
      open.set(name, f);
      line([name, f.rate.toFixed(0), ms(f.p50), ms(f.p99), "", "", "", "", "", f.errors]);
      if (f.errors > 0) checks.push([`${name}, open loop`, false, `${f.errors} errors`]);
    }

    // The document cache's worth (ADR 028): the same page from the cache and rendered, in this run.
    const [cached, rendered] = [get("/login, cached"), get("/login, rendered")];
    console.log(
      `document cache: /login ${cached.rate.toFixed(0)} requests/s cached, ${rendered.rate.toFixed(0)} rendered (${(cached.rate / rendered.rate).toFixed(1)}×)`,
    );

    // Cold start: a fresh process on the prepared database to the first 200 of /login, against the bare server's.
    const starts = { bare: [] as number[], server: [] as number[] };
    for (let trial = 0; trial < COLD_STARTS; trial++) {
      starts.bare.push(
        await coldStart(async () => {
          const port = await freePort();
          const child = startBare(loginPage, port);
          await waitForOk(`http://127.0.0.1:${port}/`, { timeoutMs: 10_000, child });
          return { stop: () => child.kill("SIGKILL") };
        }),
      );
      starts.server.push(
        await coldStart(() => startServer("bench-cold", { SMTP_URL: mail.url }, { databaseUrl: seeded.databaseUrl })),
      );
    }
    const cold = { bare: median(starts.bare), server: median(starts.server) };
    console.log(`cold start to the first 200: bare node:http ${ms(cold.bare)}, server ${ms(cold.server)}`);

    const [list, search] = [get("list, seed"), get("list, 100k, search")];
    const ourFigures = [cached, rendered, list, get("list, 100k"), search];
    const serverPeak = Math.max(...ourFigures.map((f) => f.rssMb));
    const serverAnon = Math.max(...ourFigures.map((f) => f.rssAnonMb));
    const p99 = (name: string) => open.get(name)!.p99;
    checks.push(
      ["/login requests/s", cached.rate >= reference.rate * BUDGET.loginRateOfFixture, `${cached.rate.toFixed(0)} ≥ ${(reference.rate * BUDGET.loginRateOfFixture).toFixed(0)} (the fixture's)`],
      ["100k search requests/s", search.rate >= list.rate * BUDGET.searchRateOfList, `${search.rate.toFixed(0)} ≥ ${(list.rate * BUDGET.searchRateOfList).toFixed(0)}`],
      ["/login p99, open loop", p99("/login, cached") <= BUDGET.loginP99Ms, `${ms(p99("/login, cached"))} ≤ ${ms(BUDGET.loginP99Ms)}`],
      ["list p99, open loop", p99("list, seed") <= BUDGET.listP99Ms, `${ms(p99("list, seed"))} ≤ ${ms(BUDGET.listP99Ms)}`],
      ["cold start", cold.server <= cold.bare * BUDGET.coldStartOfBare, `${ms(cold.server)} ≤ ${ms(cold.bare * BUDGET.coldStartOfBare)}`],
      ["no errors under load", [...figures.values()].every((f) => f.errors === 0), "every answer a 200"],
    ); // prettier-ignore
    watched.push(
      ["list requests/s", `${(list.rate / reference.rate).toFixed(2)} of the fixture's (${list.rate.toFixed(0)}), goal ≥ ${WATCH.listRateOfFixture}`],
      ["list CPU per answer", `${list.cpuMs.toFixed(2)} ms, goal ≤ ${(reference.cpuMs + WATCH.listCpuOverFixtureMs).toFixed(2)} ms (the fixture's + ${WATCH.listCpuOverFixtureMs})`],
      ["100k search p99, open loop", `${ms(p99("list, 100k, search"))}, goal ≤ ${ms(WATCH.searchP99Ms)}`],
      ["server peak RSS", `${serverPeak.toFixed(0)} MB, goal ≤ ${(reference.rssMb + WATCH.peakRssOverFixtureMb).toFixed(0)} MB (the fixture's + ${WATCH.peakRssOverFixtureMb})`],
      ["server peak RssAnon", `${serverAnon.toFixed(0)} MB, goal ≤ ${(reference.rssAnonMb + WATCH.rssAnonOverFixtureMb).toFixed(0)} MB (the fixture's + ${WATCH.rssAnonOverFixtureMb})`],
      ["cold start", `${(cold.server / cold.bare).toFixed(1)} × bare, goal ≤ ${WATCH.coldStartOfBare}`],
    ); // prettier-ignore
  } catch (error) {
    console.error(`the servers' logs: tests/.tmp/bench-http.log, tests/.tmp/bench-http-100k.log`);
    throw error;
  } finally {
    for (const child of children) child.kill("SIGKILL");
    await Promise.all([seeded.stop(), large.stop()]);
  }
}

const VICTIM = "198.51.100.7";
const FLOODER = "203.0.113.66";

/**
 * One server with the per-client cap at `cap`: the victim (one connection, one request at a time, GET /login) alone,
 * then while the flooder, signed in, holds 50 connections on the list (a page that costs the server more than /login),
 * from a thread of its own so that its answers do not delay the victim's in this one.
 */
async function flood(cap: string, mail: SmtpSink) {
  const server = await startServer(`bench-flood-${cap}`, {
    LOG_LEVEL: "error",
    MAX_REQUESTS_PER_CLIENT: cap,
    SMTP_URL: mail.url,
  });
  try {
    const cookie = await signInOverHttp(server.url, mail, "admin@example.com", { client: FLOODER });
    const victim = () =>
      autocannon({
        url: `${server.url}/login`,
        connections: 1,
        duration: FLOOD_SECONDS,
        headers: { "x-forwarded-for": VICTIM },
      });
    const alone = await victim();
    const flooding = autocannon({
      url: `${server.url}/manager/repositories`,
      connections: 50,
      duration: FLOOD_SECONDS + 1,
      workers: 1,
      headers: { cookie, "x-forwarded-for": FLOODER },
    });
    await new Promise((done) => setTimeout(done, 500));
    const underFlood = await victim();
    const flooder = await flooding;
    const refused = flooder.statusCodeStats?.["503"]?.count ?? 0;
    const shown = (name: string, result: autocannon.Result) =>
      console.log(
        `  ${name.padEnd(20)}p50 ${ms(result.latency.p50).padStart(7)}   p99 ${ms(result.latency.p99).padStart(7)}   ${result.requests.total} pages, ${result.non2xx + result.errors} errors`,
      );
    console.log(
      cap === "0"
        ? "without the per-client cap (MAX_REQUESTS_PER_CLIENT=0)"
        : `with the cap of ${cap} requests in flight per client`,
    );
    shown("victim alone", alone);
    shown("victim under flood", underFlood);
    console.log(
      `  flooder (50 connections)  ${flooder["2xx"]} × 2xx, ${refused} × 503, ${flooder.errors + flooder.timeouts} failed`,
    );
    return { alone, underFlood };
  } finally {
    await server.stop();
  }
}

async function measureFlood(mail: SmtpSink) {
  const without = await flood("0", mail);
  const capped = await flood("8", mail);
  const errors = capped.alone.non2xx + capped.alone.errors + capped.underFlood.non2xx + capped.underFlood.errors;
  checks.push(
    ["flood: victim's p50 with the cap", capped.underFlood.latency.p50 <= without.underFlood.latency.p50 / 2, `${ms(capped.underFlood.latency.p50)} ≤ half of ${ms(without.underFlood.latency.p50)} without it`],
    ["flood: victim's p99 with the cap", capped.underFlood.latency.p99 <= without.underFlood.latency.p99, `${ms(capped.underFlood.latency.p99)} ≤ ${ms(without.underFlood.latency.p99)} without it`],
    ["flood: the victim's errors", errors === 0, `${errors} = 0`],
  ); // prettier-ignore
}

/** The pids that wrote request lines in a log `file`. */
const answering = (file: string) =>
  new Set(
    readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line.includes('"request":'))
      .map((line) => (JSON.parse(line) as { pid: number }).pid),
  );
const ONE_LOG = "tests/.tmp/bench-processes-1.log";
const TWO_LOG = "tests/.tmp/bench-processes-2.log";
/** GET /login on 1 and 2 server processes, loaded in turn, the order rotating; both servers run throughout. */
async function measureProcesses() {
  const env = { LOG_LEVEL: "info", LOG_FORMAT: "json" };
  const one = await startServer("bench-processes-1", env, { logFile: ONE_LOG });
  const two = await startServer("bench-processes-2", { ...env, WEB_CONCURRENCY: "2" }, { logFile: TWO_LOG });
  try {
    for (let waited = 0; !readFileSync(TWO_LOG, "utf8").includes("2 server processes listening"); waited += 100) {
      if (waited > 30_000) throw new Error("the 2 server processes did not all start");
      await new Promise((done) => setTimeout(done, 100));
    }
    const targets: Target[] = [
      { name: "1 process", url: `${one.url}/login`, pid: () => one.pid },
      { name: "2 processes", url: `${two.url}/login`, pid: () => two.pid },
    ];
    const samples = new Map<string, Sample[]>(targets.map((target) => [target.name, []]));
    for (let round = 0; round < Math.max(2, ROUNDS - 1); round++) {
      for (const target of round % 2 === 0 ? targets : targets.toReversed()) {
        await load(target, WARM_UP_SECONDS);
        samples.get(target.name)!.push(await load(target, SECONDS));
      }
    }
    console.log(`GET /login, ${CONNECTIONS} connections, rounds of ${SECONDS} s (order rotating), medians`);
    for (const [name, rounds] of samples) {
      const errors = rounds.reduce((total, each) => total + each.errors, 0);
      console.log(
        `  ${name.padEnd(12)}${median(rounds.map((each) => each.rate))
          .toFixed(0)
          .padStart(
            8,
          )} requests/s   p50 ${ms(median(rounds.map((each) => each.p50)))}   p99 ${ms(median(rounds.map((each) => each.p99)))}   ${errors} errors`,
      );
      checks.push([`processes: ${name}, errors`, errors === 0, `${errors} = 0`]);
    }
    const pids = answering(TWO_LOG).size;
    checks.push([
      "processes: 2 answered",
      pids === 2,
      `${pids} pids wrote request lines (1 process: ${answering(ONE_LOG).size})`,
    ]);
  } finally {
    await Promise.all([one.stop(), two.stop()]);
  }
}

/** A `written` cookie (app/.server/web/read-your-writes.ts) for the primary's frame `frame`, signed as the app does. */
async function writtenCookie(frame: number): Promise<string> {
  const cookie = createCookie("written", { path: "/", secrets: [TEST_AUTH_SECRET] });
  return (await cookie.serialize(frame)).split(";")[0]!;
}

/** The signed-in list over the network to sqld, and through an embedded replica of the same sqld, in one run. */
async function measureReplica(mail: SmtpSink) {
  const sqld = await startSqld();
  const replicaFile = resolve(`tests/.tmp/bench-replica-${process.pid}.db`);
  const env = { SMTP_URL: mail.url, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info" };
  // One after the other: the first migrates and seeds sqld.
  const remote = await startServer("bench-sqld", env, { ...logged("bench-sqld"), databaseUrl: sqld.url });
  const replica = await startServer(
    "bench-replica",
    { ...env, DATABASE_REPLICA_FILE: replicaFile },
    { ...logged("bench-replica"), databaseUrl: sqld.url },
  );
  try {
    const remoteCookie = await signInOverHttp(remote.url, mail, "admin@example.com", { client: "198.18.8.1" });
    const replicaCookie = await signInOverHttp(replica.url, mail, "admin@example.com", { client: "198.18.8.2" });
    // A form post through the replica answers with the cookie of its frame: a later request's check finds it held.
    const posted = await fetch(`${replica.url}/manager/repositories/new`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: replica.url, Cookie: replicaCookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        name: `bench-${process.pid}`,
        link: "https://git.example.com/bench",
        description: "",
      }),
    });
    await posted.arrayBuffer();
    const held = posted.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("written="))
      ?.split(";")[0];
    if (!held) throw new Error(`the form post through the replica set no written cookie (${posted.status})`);
    const ahead = await writtenCookie(Number.MAX_SAFE_INTEGER);
    const list = "/manager/repositories";
    const targets: Target[] = [
      { name: "sqld, network", url: `${remote.url}${list}`, headers: { cookie: remoteCookie }, pid: () => remote.pid },
      { name: "replica", url: `${replica.url}${list}`, headers: { cookie: replicaCookie }, pid: () => replica.pid },
      {
        name: "replica, cookie held",
        url: `${replica.url}${list}`,
        headers: { cookie: `${replicaCookie}; ${held}` },
        pid: () => replica.pid,
      },
      {
        name: "replica, cookie ahead",
        url: `${replica.url}${list}`,
        headers: { cookie: `${replicaCookie}; ${ahead}` },
        pid: () => replica.pid,
      },
    ];
    const samples = new Map<string, Sample[]>(targets.map((target) => [target.name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      const order = [...targets.slice(round % targets.length), ...targets.slice(0, round % targets.length)];
      for (const target of order) {
        await load(target, WARM_UP_SECONDS);
        samples.get(target.name)!.push(await load(target, SECONDS));
      }
    }
    console.log(
      `the seeded signed-in list, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per target (order rotating), medians`,
    );
    const widths = [24, 8, 8, 8, 20, 7];
    const line = (cells: Array<string | number>) => row(cells.map((cell, index) => [cell, widths[index]!]));
    line(["target", "req/s", "p50", "p99", "CPU/answer (main)", "errors"]);
    const figure = (name: string) => {
      const rounds = samples.get(name)!;
      const middle = [...rounds].sort((a, b) => a.cpuMs - b.cpuMs)[Math.floor(rounds.length / 2)]!;
      return {
        rate: median(rounds.map((each) => each.rate)),
        p50: median(rounds.map((each) => each.p50)),
        p99: median(rounds.map((each) => each.p99)),
        cpuMs: middle.cpuMs,
        mainMs: middle.mainMs,
        errors: rounds.reduce((total, each) => total + each.errors, 0),
      };
    };
    for (const { name } of targets) {
      const f = figure(name);
      line([name, f.rate.toFixed(0), ms(f.p50), ms(f.p99), `${f.cpuMs.toPrecision(3)} (${f.mainMs.toPrecision(3)}) ms`, f.errors]); // prettier-ignore
      checks.push([`replica: ${name}, errors`, f.errors === 0, `${f.errors} = 0`]);
    }
    const [network, local, checked, behind] = targets.map(({ name }) => figure(name));
    watched.push(
      ["replica: list, replica ÷ network", `${local!.rate.toFixed(0)} ÷ ${network!.rate.toFixed(0)} requests/s = ${(local!.rate / network!.rate).toFixed(2)}`],
      ["replica: read-your-writes check", `${(checked!.cpuMs - local!.cpuMs).toFixed(3)} ms CPU per answer when held, ${checked!.rate.toFixed(0)} requests/s; a sync per request when behind: ${behind!.rate.toFixed(0)} requests/s`],
    ); // prettier-ignore
  } finally {
    await Promise.all([remote.stop(), replica.stop()]);
    await sqld.stop();
    for (const suffix of ["", "-wal", "-shm", "-info", "-client_wal_index"])
      rmSync(replicaFile + suffix, { force: true });
  }
}

const mail = await new SmtpSink().start();
try {
  if (runs("load")) await measureLoad(mail);
  if (runs("flood")) await measureFlood(mail);
  if (runs("processes")) await measureProcesses();
  if (runs("replica")) await measureReplica(mail);
} finally {
  await mail.stop();
}
for (const [name, ok, detail] of checks) console.log(`${ok ? "ok   " : "MISS "} ${name.padEnd(34)} ${detail}`);
for (const [name, detail] of watched) console.log(`watch ${name.padEnd(34)} ${detail}`);
if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
