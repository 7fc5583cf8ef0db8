// Every kind of job the workers run, and the schedules (ADR 046). A feature defines its own kinds (its e-mails) beside
// its rules; this list is where a new one is added. `startJobs` and `stopJobs` are the server's (server/main.ts) and
// `npm run worker`'s.
import { and, eq, lt } from "drizzle-orm";

import { db } from "~/.server/platform/db/client";
import { invitation, session, signInCode, verification } from "~/.server/platform/db/schema";
import { pruneFinishedJobs, stalledJobs, type JobKind } from "~/.server/platform/jobs/queue";
import { jobWorker, type Schedule } from "~/.server/platform/jobs/worker";
import { pruneRateLimits } from "~/.server/platform/security/rate-limit";
import { pruneAuditTrail } from "~/features/audit/audit.server";
import { changeEmailCodeJob, deleteAccountCodeJob, emailChangedNoticeJob, stepUpCodeJob } from "./account-access";
import { invitationEmailJob } from "./organization-access";
import { secondFactorResetNoticeJob } from "./second-factor";
import { signInCodeEmailJob } from "./sign-in";
import { welcomeEmailJob } from "./user-access";

/** An expired invitation stays this long, listed as expired and renewable, before it is deleted. */
const EXPIRED_INVITATION_DAYS = 30;
/** How long the record of a done or expired job is kept. */
const FINISHED_JOB_DAYS = 7;

/** A task of a schedule: nothing to carry, retried a few times, then failed for an administrator to see. */
const task = (name: string, run: () => Promise<unknown>): JobKind<Record<string, never>> => ({
  name,
  maxAttempts: 3,
  backoffMs: 30_000,
  run: async () => {
    await run();
  },
});

/**
 * Deletes what has ended: sign-in and account codes, sessions, better-auth's verifications, and invitations left
 * pending for EXPIRED_INVITATION_DAYS after their end. Scheduled below.
 */
export async function pruneExpiredSignIns() {
  const now = Date.now();
  await db.batch([
    db.delete(signInCode).where(lt(signInCode.expiresAt, now)),
    db.delete(session).where(lt(session.expiresAt, new Date(now))),
    db.delete(verification).where(lt(verification.expiresAt, new Date(now))),
    db
      .delete(invitation)
      .where(
        and(
          eq(invitation.status, "pending"),
          lt(invitation.expiresAt, new Date(now - EXPIRED_INVITATION_DAYS * 86_400_000)),
        ),
      ),
  ]);
}

/** Cron expressions in UTC (croner): minute, hour, day of month, month, day of week. */
const schedules: Schedule[] = [
  { cron: "17 * * * *", job: task("prune.audit-trail", () => pruneAuditTrail()) },
  { cron: "*/15 * * * *", job: task("prune.rate-limits", () => pruneRateLimits()) },
  { cron: "47 * * * *", job: task("prune.expired-sign-ins", pruneExpiredSignIns) },
  { cron: "23 3 * * *", job: task("prune.finished-jobs", () => pruneFinishedJobs(FINISHED_JOB_DAYS)) },
];

const jobKinds = [
  signInCodeEmailJob,
  invitationEmailJob,
  welcomeEmailJob,
  changeEmailCodeJob,
  deleteAccountCodeJob,
  stepUpCodeJob,
  emailChangedNoticeJob,
  secondFactorResetNoticeJob,
] as JobKind<never>[];

/** The most attempts of a kind, for the manager's page. */
export const maxAttemptsOf = (kind: string) =>
  [...jobKinds, ...schedules.map((schedule) => schedule.job)].find((candidate) => candidate.name === kind)?.maxAttempts;

/** Jobs due for over this long and not taken: no worker is running them, and /healthz says so. */
const STALLED_MS = 5 * 60_000;

/** How many jobs are due for over five minutes without a worker taking them (0 when the queue moves). */
export const stalledJobCount = () =>
  stalledJobs(
    [...jobKinds, ...schedules.map((schedule) => schedule.job)].map((kind) => kind.name),
    STALLED_MS,
  );

// One worker per process, on globalThis: the development server evaluates this module again after an edit.
const processJobs = globalThis as typeof globalThis & { jobWorker?: ReturnType<typeof jobWorker> };

/** Starts this process's worker: it runs queued jobs and queues the schedules' (ADR 046). */
export async function startJobs(): Promise<void> {
  // After an edit in development, the previous copy's worker hands its jobs back to the new one.
  await processJobs.jobWorker?.stop(0);
  processJobs.jobWorker = jobWorker(jobKinds, { schedules });
  await processJobs.jobWorker.start();
}

/** Lets the jobs running finish within `deadlineMs`, and hands back those that did not. */
export async function stopJobs(deadlineMs: number): Promise<void> {
  await processJobs.jobWorker?.stop(deadlineMs);
}
