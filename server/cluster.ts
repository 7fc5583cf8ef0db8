// WEB_CONCURRENCY server processes under node:cluster (ADR 021): the primary forks them, replaces one that ends unasked
// and stops them all on a signal. It never loads the app: its memory would sit idle.
import cluster, { type Worker } from "node:cluster";

import { onStopSignals, SHUTDOWN_DEADLINE_MS, signalExitCode } from "./lifecycle.ts";

/** How long a crashed server process's replacement waits at most: the wait doubles with each quick crash. */
const RESTART_BACKOFF_MAX_MS = 30_000;
/** A server process that lived this long was healthy: the next crash restarts it at once. */
const HEALTHY_LIFETIME_MS = 10_000;
/** Set for the server process that migrates and seeds before listening: the cluster's first. */
const PREPARES_DATABASE = "GROUNDWORK_PREPARES_DATABASE";

/** With WEB_CONCURRENCY above 1 this process is the primary of a cluster. */
export const isPrimaryOfCluster = cluster.isPrimary && !["", "1"].includes((process.env.WEB_CONCURRENCY ?? "").trim());

/** This process migrates and seeds before listening: the single one, or the cluster's first. */
export const preparesDatabase = cluster.isPrimary || process.env[PREPARES_DATABASE] === "1";

/**
 * The primary's own log lines, in the app's format (app/.server/platform/logger.ts) from the same packages: the
 * environment was validated by the first server process before these values are read.
 */
async function primaryLogger() {
  const { default: pino } = await import("pino");
  const level = process.env.LOG_LEVEL?.trim() || "info";
  const options = { level, timestamp: pino.stdTimeFunctions.isoTime };
  if (process.env.LOG_FORMAT?.trim() === "json") return pino(options, pino.destination({ dest: 1, sync: true }));
  const { default: pretty } = await import("pino-pretty");
  const text = { sync: true, colorize: Boolean(process.stdout.isTTY), translateTime: "SYS:yyyy-mm-dd HH:MM:ss.l" };
  return pino(options, pretty({ ...text, ignore: "hostname", singleLine: true }));
}

/**
 * The primary of WEB_CONCURRENCY server processes: forks them (they share the port; the first prepares the database
 * before it listens, the others start once it does), replaces one that ends unasked, with a doubling wait after quick
 * crashes, and on a signal stops them all and exits once they have.
 */
export async function runPrimary(): Promise<void> {
  const started = new Map<Worker, number>(); // live server process -> when it was forked
  const restarts = new Set<NodeJS.Timeout>();
  let count = 0; // known once the first server process has validated WEB_CONCURRENCY
  let quickCrashes = 0;
  let listening = 0;
  let stopping = false;
  const log = await primaryLogger();

  const fork = (extra: Record<string, string> = {}) => started.set(cluster.fork(extra), Date.now());

  cluster.on("listening", () => {
    if (++listening === 1) {
      count = Number(process.env.WEB_CONCURRENCY);
      for (let index = 1; index < count; index++) fork();
    }
    if (listening === count) log.info(`${count} server processes listening`);
  });
  cluster.on("exit", (worker, code, signal) => {
    const forkedAt = started.get(worker) ?? 0;
    started.delete(worker);
    if (stopping) {
      if (started.size === 0) process.exit(0);
      return;
    }
    // The first never listened: a bad environment or a database that cannot be prepared. It said why.
    if (listening === 0) process.exit(code || 1);
    quickCrashes = Date.now() - forkedAt < HEALTHY_LIFETIME_MS ? quickCrashes + 1 : 0;
    const wait = quickCrashes === 0 ? 0 : Math.min(RESTART_BACKOFF_MAX_MS, 500 * 2 ** (quickCrashes - 1));
    log.error(
      `server process ${worker.process.pid} ended (${signal ?? `exit code ${code}`}): starting another in ${wait} ms`,
    );
    const timer = setTimeout(() => {
      restarts.delete(timer);
      fork();
    }, wait);
    restarts.add(timer);
  });

  onStopSignals(
    (signal) => {
      stopping = true;
      for (const timer of restarts) clearTimeout(timer);
      log.info(`${signal}: stopping the ${started.size} server processes`);
      if (started.size === 0) process.exit(0);
      for (const worker of started.keys()) worker.process.kill("SIGTERM");
      // Each stops within SHUTDOWN_DEADLINE_MS; one that does not is ended.
      setTimeout(() => {
        for (const worker of started.keys()) worker.process.kill("SIGKILL");
      }, SHUTDOWN_DEADLINE_MS + 2_000).unref();
    },
    (signal) => {
      log.warn(`${signal} again: stopping the server processes now`);
      for (const worker of started.keys()) worker.process.kill("SIGKILL");
      process.exit(signalExitCode(signal));
    },
  );

  fork({ [PREPARES_DATABASE]: "1" });
}
