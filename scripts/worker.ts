// `npm run worker`: a process that runs queued jobs and schedules, and answers no request, beside the server
// processes (which run jobs too) or on a machine of its own (ADR 046). Stops like the server: the first SIGTERM or
// SIGINT lets running jobs finish for up to 8 s, then hands back the others.
import { startJobs, stopJobs } from "~/.server/features/background-jobs";
import { startReplicaSync } from "~/.server/platform/db/client";
import { logger } from "~/.server/platform/logger";

const STOP_DEADLINE_MS = 8_000;

startReplicaSync(); // with DATABASE_REPLICA_FILE: the server starts it in prepareDatabase (ADR 050)
await startJobs();
logger.info("job worker started");

async function stop(signal: string) {
  logger.info(`${signal}: finishing the running jobs, then stopping`);
  await stopJobs(STOP_DEADLINE_MS);
  process.exit(0);
}
process.once("SIGTERM", (signal) => void stop(signal));
process.once("SIGINT", (signal) => void stop(signal));
