// Stopping (docs/architecture.md "Logs, processes and stopping"): the first SIGTERM or SIGINT lets requests in flight
// finish, up to SHUTDOWN_DEADLINE_MS; a second one stops at once.
import type { Server } from "node:http";

/** How long a stop waits for requests in flight before it closes every connection: under Docker's 10 s grace. */
export const SHUTDOWN_DEADLINE_MS = 8_000;
/**
 * A second stop signal this soon after the first is the same stop: npm forwards the terminal's SIGINT, which reached
 * the server itself too, and the server processes of a cluster get the primary's SIGTERM besides the terminal's.
 */
export const SAME_STOP_MS = 1_000;
/**
 * While stopping, connections that turned idle since (their last answer, begun before the stop, is sent) are closed
 * this often: server.close() closes only the connections idle when it is called.
 */
const IDLE_SWEEP_MS = 250;

type StopSignal = "SIGTERM" | "SIGINT";

/**
 * The handler of stop signals: `first` on the first, `again` on a later one that is not the same stop (SAME_STOP_MS).
 * `now` is the clock (tests drive it).
 */
export function stopSignalHandler(
  first: (signal: StopSignal) => void,
  again: (signal: StopSignal) => void,
  now: () => number = Date.now,
): (signal: StopSignal) => void {
  let firstAt: number | undefined;
  return (signal) => {
    if (firstAt === undefined) {
      firstAt = now();
      first(signal);
    } else if (now() - firstAt >= SAME_STOP_MS) {
      again(signal);
    }
  };
}

/** Runs `first` on the first SIGTERM or SIGINT and `again` on a later one that is not the same stop. */
export function onStopSignals(first: (signal: StopSignal) => void, again: (signal: StopSignal) => void): void {
  const handler = stopSignalHandler(first, again);
  process.on("SIGTERM", handler);
  process.on("SIGINT", handler);
}

/** The exit code of a process ended by a signal, as a shell reports it. */
export const signalExitCode = (signal: StopSignal): number => 128 + (signal === "SIGINT" ? 2 : 15);

/**
 * Stops accepting, closes idle keep-alive connections, lets requests in flight finish, and calls `stopped` once every
 * connection has closed, or after `deadlineMs` with `overdue` first, having closed every connection left (a client
 * that stalls mid-request would otherwise hold the process forever: node:http stops enforcing its request timeouts
 * once the server is closing).
 */
export function stopGracefully(
  server: Server,
  { deadlineMs, overdue, stopped }: { deadlineMs: number; overdue: () => void; stopped: () => void },
): void {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    clearInterval(sweep);
    clearTimeout(deadline);
    stopped();
  };
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const deadline = setTimeout(() => {
    overdue();
    server.closeAllConnections();
    finish();
  }, deadlineMs);
  server.close(finish);
  server.closeIdleConnections();
}
