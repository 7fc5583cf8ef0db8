// The manager's view of the job queue (/manager/jobs, ADR 046): how many jobs of each kind are in each state, the
// failed ones with their last error, retrying or discarding one (both audited), and the schedules' last and next run.
import { eq } from "drizzle-orm";

import { maxAttemptsOf } from "~/.server/features/background-jobs";
import { db } from "~/.server/platform/db/client";
import { job, jobSchedule } from "~/.server/platform/db/schema";
import {
  countJobs,
  discardFailedJob,
  listFailedJobs,
  retryFailedJob,
  type JobState,
} from "~/.server/platform/jobs/queue";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";

const STATES: JobState[] = ["queued", "running", "done", "failed", "expired"];

export type JobsOverview = {
  /** One row per kind, with a count per state (0 when none). */
  kinds: Array<{ kind: string; counts: Record<JobState, number> }>;
  failed: Array<{
    id: string;
    kind: string;
    attempts: number;
    maxAttempts: number | null;
    lastError: string | null;
    failedAt: Date | null;
  }>;
  schedules: Array<{ name: string; cron: string; lastRunAt: Date | null; lastState: JobState | null; nextRunAt: Date }>;
};

export async function getJobsOverview(): Promise<JobsOverview> {
  const kinds = new Map<string, Record<JobState, number>>();
  for (const row of await countJobs()) {
    const counts =
      kinds.get(row.kind) ?? (Object.fromEntries(STATES.map((state) => [state, 0])) as Record<JobState, number>);
    counts[row.state] = row.count;
    kinds.set(row.kind, counts);
  }
  const failed = (await listFailedJobs()).map((row) => ({
    id: row.id,
    kind: row.kind,
    attempts: row.attempts,
    maxAttempts: maxAttemptsOf(row.kind) ?? null,
    lastError: row.lastError,
    failedAt: row.finishedAt === null ? null : new Date(row.finishedAt),
  }));
  const schedules = await db
    .select({
      name: jobSchedule.name,
      cron: jobSchedule.cron,
      lastRunAt: jobSchedule.lastRunAt,
      nextRunAt: jobSchedule.nextRunAt,
      lastState: job.state,
    })
    .from(jobSchedule)
    .leftJoin(job, eq(job.id, jobSchedule.lastJobId))
    .orderBy(jobSchedule.name);
  return {
    kinds: [...kinds].map(([kind, counts]) => ({ kind, counts })),
    failed,
    schedules: schedules.map((row) => ({
      ...row,
      lastRunAt: row.lastRunAt === null ? null : new Date(row.lastRunAt),
      nextRunAt: new Date(row.nextRunAt),
    })),
  };
}

/** How many jobs have failed: the dashboard shows them when there are any. */
export async function countFailedJobs(): Promise<number> {
  const counts = await countJobs();
  return counts.filter((row) => row.state === "failed").reduce((sum, row) => sum + row.count, 0);
}

/** Queues a failed job again, its attempts afresh; null when there is no such failed job (retried or discarded). */
export async function retryJob(id: string, by: AuditActor): Promise<{ kind: string } | null> {
  const retried = await retryFailedJob(id);
  if (retried) await recordAudit(by, { action: "job.retried", target: { type: "job", id, label: retried.kind } });
  return retried;
}

/** Deletes a failed job; null when there is no such failed job. */
export async function discardJob(id: string, by: AuditActor): Promise<{ kind: string } | null> {
  const discarded = await discardFailedJob(id);
  if (discarded) await recordAudit(by, { action: "job.discarded", target: { type: "job", id, label: discarded.kind } });
  return discarded;
}
