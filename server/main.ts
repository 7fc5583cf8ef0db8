// The production server (ADR 002, ADR 010, ADR 048): plain node:http, our static files, then React Router. Little
// memory. It prepares the database (migrations, seed) before it listens, refuses what a hostile client can send before
// the app runs, logs one line per request (ADR 021), stops gracefully, and with WEB_CONCURRENCY > 1 runs that many
// server processes under node:cluster (docs/architecture.md "Logs, processes and stopping"). `npm run build` compiles
// it into build/http (ADR 048).
import cluster from "node:cluster";
import { createServer } from "node:http";
import { enableCompileCache } from "node:module";
import { join } from "node:path";

import type { ServerEnv } from "./app-api.ts";
import { fail, isEnvError, loadApp } from "./app-build.ts";
import { isPrimaryOfCluster, preparesDatabase, runPrimary } from "./cluster.ts";
import { onStopSignals, SHUTDOWN_DEADLINE_MS, signalExitCode, stopGracefully } from "./lifecycle.ts";
import { declaredLength, MAX_BODY_BYTES, MAX_HEADER_BYTES } from "./limits.ts";
import { requestListener } from "./requests.ts";
import { hasPrecompressedFiles, readStaticFiles } from "./static-files.ts";

// V8 keeps the code it compiled from the bundle in a cache on disk (the system's temporary directory), checked
// against each file's contents: a restart skips most of the compile (ADR 026). Where that directory is not writable it
// does nothing.
enableCompileCache();

/** One server process: prepares the database when it is the one to, listens, and stops gracefully. */
async function runServer() {
  const { build, api } = await loadApp();
  let env: ServerEnv;
  try {
    env = api.getEnv();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const { logger } = api;
  if (preparesDatabase) {
    try {
      await api.prepareDatabase();
    } catch (error) {
      // A refused token or an unreachable database (app/.server/platform/db/prepare.ts): one line naming the variable.
      if (isEnvError(error)) fail(error.message);
      throw error;
    }
    const warning = api.emailDeliveryWarning();
    if (warning) logger.warn(warning);
  }

  const staticFiles = readStaticFiles(join(process.cwd(), "build", "client"));
  if (staticFiles.size > 0 && !hasPrecompressedFiles(staticFiles)) {
    logger.warn("build/client has no precompressed files: build with `npm run build` to serve them compressed");
  }
  let stopping = false;
  const onRequest = requestListener({ api, build, env, staticFiles, isStopping: () => stopping });
  const requestTimeout = env.REQUEST_TIMEOUT_SECONDS * 1000;
  const server = createServer(
    {
      maxHeaderSize: MAX_HEADER_BYTES,
      // The whole request, body included, must arrive within REQUEST_TIMEOUT_SECONDS, its headers within 10 s; both
      // are checked every second. An idle keep-alive connection is closed after 5 s.
      requestTimeout,
      headersTimeout: Math.min(10_000, requestTimeout),
      connectionsCheckingInterval: 1_000,
      keepAliveTimeout: 5_000,
    },
    onRequest,
  );
  // A client that asks before sending its body (Expect: 100-continue) learns of a body over the limit before sending
  // it.
  server.on("checkContinue", (req, res) => {
    if (declaredLength(req) <= MAX_BODY_BYTES) res.writeContinue();
    onRequest(req, res);
  });

  server.listen(env.PORT, env.HOST, () => {
    if (preparesDatabase) logger.info(`Groundwork listening on ${env.APP_URL} (bound to ${env.HOST}:${env.PORT})`);
    else logger.debug("server process listening");
    // Every server process runs queued jobs and schedules (ADR 046).
    api.startJobs().catch((error: unknown) => logger.error("the job worker did not start", { err: error }));
  });

  function closeDatabase() {
    try {
      api.databaseClient.close();
    } catch (error) {
      logger.warn("the database did not close cleanly", { err: error });
    }
  }

  function stop(reason: string) {
    if (stopping) return;
    stopping = true;
    logger.info(`${reason}: finishing the requests in flight, then stopping`);
    // Running jobs finish within the same deadline, or go back to the queue for another process (ADR 046).
    const jobsStopped = api.stopJobs(SHUTDOWN_DEADLINE_MS).catch((error: unknown) => {
      logger.warn("the job worker did not stop cleanly", { err: error });
    });
    stopGracefully(server, {
      deadlineMs: SHUTDOWN_DEADLINE_MS,
      overdue: () =>
        logger.warn(`requests still in flight after ${SHUTDOWN_DEADLINE_MS / 1000} s: closing their connections`),
      stopped: () => {
        void jobsStopped.then(() => {
          closeDatabase();
          process.exit(0);
        });
      },
    });
  }

  onStopSignals(stop, (signal) => {
    // A second signal: the person (or supervisor) does not want to wait.
    logger.warn(`${signal} again: stopping now, without waiting for the requests in flight`);
    server.closeAllConnections();
    closeDatabase();
    process.exit(signalExitCode(signal));
  });
  // A server process whose primary went away (killed) gets no more connections: it stops too.
  if (cluster.isWorker) process.once("disconnect", () => stop("the primary process ended"));
}

if (isPrimaryOfCluster) await runPrimary();
else await runServer();
