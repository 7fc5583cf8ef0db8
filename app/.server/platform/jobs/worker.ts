// The worker that runs queued jobs, in every server process (and in `npm run worker`), and the schedules that queue
// one job per period (ADR 046). A job is claimed with a lease, as exclusive.ts holds its keys: one conditional UPDATE
// takes it, so that among every process and instance one claim wins; the lease is short and renewed while the job
// runs, so a job whose process died is taken again once its lease has ended.
import { randomUUID } from "node:crypto";
import { Cron } from "croner";
import { and, eq, sql } from "drizzle-orm";

import { db as appDatabase, type Database } from "~/.server/platform/db/client";
import { job, jobSchedule } from "~/.server/platform/db/schema";
import { logger } from "~/.server/platform/logger";
import { databaseNow, jobInsert, onJobEnqueued, type JobKind } from "./queue";

/** Work on a timetable: `cron` in UTC; its job is queued once per period, and named after it. */
export type Schedule = { cron: string; job: JobKind<Record<string, never>> };

type WorkerOptions = {
  /** Jobs run at once by this process. */
  concurrency?: number;
  /** How long a claim lasts unless renewed: at most this long after a process died are its jobs taken again. */
  leaseMs?: number;
  /** How often the table is read when nothing woke the worker. */
  pollMs?: number;
  schedules?: Schedule[];
};

const MAX_BACKOFF_MS = 60 * 60_000;

type Claimed = { id: string; kind: string; payload: string; attempts: number; expired: number };

/** The next run of a cron expression after `from`, in epoch ms (croner parses it). */
// UTC as an offset, not a time zone: croner then computes without Intl, whose first use with a time zone took 11 ms
// of every start (ADR 029).
const nextRunOf = (cron: string, from: number) => new Cron(cron, { utcOffset: 0 }).nextRun(new Date(from))!;

export function jobWorker(
  jobKinds: JobKind<never>[],
  { concurrency = 2, leaseMs = 15_000, pollMs = 1_000, schedules = [] }: WorkerOptions = {},
  db: Database = appDatabase,
) {
  const holder = randomUUID();
  const running = new Map<string, Promise<void>>();
  const kinds = new Map<string, JobKind<never>>(
    [...jobKinds, ...schedules.map((schedule) => schedule.job)].map((kind) => [kind.name, kind]),
  );
  const kindNames = [...kinds.keys()];
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let renewal: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let again = false;

  /** Takes up to `free` due jobs: queued and due, or running under a lease that has ended (its process died). */
  async function claim(free: number): Promise<Claimed[]> {
    const due = sql`${job.kind} IN ${kindNames} AND ((${job.state} = 'queued' AND ${job.runAt} <= ${databaseNow})
      OR (${job.state} = 'running' AND ${job.leaseUntil} <= ${databaseNow}))`;
    // A read first: an idle poll takes no write lock.
    const [any] = await db.select({ id: job.id }).from(job).where(due).limit(1);
    if (!any) return [];
    const claimed = await db.run(sql`
      UPDATE job SET state = 'running', holder = ${holder}, lease_until = ${databaseNow} + ${leaseMs},
        attempts = attempts + 1
      WHERE id IN (SELECT id FROM job WHERE ${due} ORDER BY run_at LIMIT ${free}) AND ${due}
      RETURNING id, kind, payload, attempts, coalesce(expires_at <= ${databaseNow}, 0) AS expired`);
    return claimed.rows as unknown as Claimed[];
  }

  const mine = (id: string) => and(eq(job.id, id), eq(job.holder, holder));

  async function finish(row: Claimed, outcome: "done" | "expired") {
    await db
      .update(job)
      .set({ state: outcome, payload: "{}", holder: null, leaseUntil: null, finishedAt: databaseNow })
      .where(mine(row.id));
  }

  async function fail(row: Claimed, kind: JobKind<never>, error: unknown): Promise<"failed" | "retry"> {
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    if (row.attempts >= kind.maxAttempts) {
      await db
        .update(job)
        .set({ state: "failed", lastError, holder: null, leaseUntil: null, finishedAt: databaseNow })
        .where(mine(row.id));
      return "failed";
    }
    const backoff = Math.min(kind.backoffMs * 2 ** (row.attempts - 1), MAX_BACKOFF_MS);
    await db
      .update(job)
      .set({ state: "queued", lastError, holder: null, leaseUntil: null, runAt: sql`${databaseNow} + ${backoff}` })
      .where(mine(row.id));
    return "retry";
  }

  async function runOne(row: Claimed) {
    const kind = kinds.get(row.kind)!;
    const started = performance.now();
    let outcome: string;
    try {
      if (row.expired) {
        outcome = "expired";
      } else {
        await kind.run(JSON.parse(row.payload) as never, { id: row.id, attempt: row.attempts });
        outcome = "done";
      }
      await finish(row, outcome as "done" | "expired");
    } catch (error) {
      outcome = await fail(row, kind, error).catch((failed: unknown) => {
        logger.error("job: its failure was not recorded", { id: row.id, error: String(failed) });
        return "unrecorded";
      });
      logger.warn("job failed", { kind: row.kind, id: row.id, attempt: row.attempts, error: String(error) });
    }
    // One line per run (ADR 046): what ran, which attempt, how long, and how it ended.
    logger.info("job", {
      kind: row.kind,
      id: row.id,
      attempt: row.attempts,
      durationMs: Math.round(performance.now() - started),
      outcome,
    });
  }

  /** Queues each schedule's job of the period that has come; the period's job id makes it once across instances. */
  async function queueSchedules() {
    if (schedules.length === 0) return;
    const due = await db
      .select()
      .from(jobSchedule)
      .where(sql`${jobSchedule.nextRunAt} <= ${databaseNow}`);
    for (const row of due) {
      const schedule = schedules.find((candidate) => candidate.job.name === row.name);
      if (!schedule) continue;
      const id = `${row.name}@${new Date(row.nextRunAt).toISOString()}`;
      const next = nextRunOf(schedule.cron, Math.max(Date.now(), row.nextRunAt)).getTime();
      await db.batch([
        jobInsert(db, schedule.job, {}, { id }),
        db
          .update(jobSchedule)
          .set({ nextRunAt: next, lastRunAt: row.nextRunAt, lastJobId: id })
          .where(and(eq(jobSchedule.name, row.name), eq(jobSchedule.nextRunAt, row.nextRunAt))),
      ]);
    }
  }

  async function poll() {
    await queueSchedules();
    const free = concurrency - running.size;
    if (free <= 0) return;
    for (const row of await claim(free)) {
      const run = runOne(row).finally(() => {
        running.delete(row.id);
        if (!stopped) wake();
      });
      running.set(row.id, run);
    }
  }

  function wake() {
    if (stopped) return;
    if (polling) {
      again = true;
      return;
    }
    clearTimeout(timer);
    polling = poll()
      .catch((error: unknown) => logger.warn("job worker: the queue could not be read", { error: String(error) }))
      .finally(() => {
        polling = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          wake();
        } else timer = setTimeout(wake, pollMs);
      });
  }

  return {
    holder,
    /** Registers the schedules (a changed cron takes effect at once) and starts polling. */
    async start() {
      for (const schedule of schedules) {
        const next = nextRunOf(schedule.cron, Date.now()).getTime();
        await db
          .insert(jobSchedule)
          .values({ name: schedule.job.name, cron: schedule.cron, nextRunAt: next })
          .onConflictDoUpdate({
            target: jobSchedule.name,
            set: { cron: schedule.cron, nextRunAt: next },
            setWhere: sql`${jobSchedule.cron} <> ${schedule.cron}`,
          });
      }
      stopped = false;
      onJobEnqueued(wake);
      // Renewed three times a lease: one renewal lost (a busy database) still leaves the leases alive.
      renewal = setInterval(() => {
        if (running.size === 0) return;
        db.update(job)
          .set({ leaseUntil: sql`${databaseNow} + ${leaseMs}` })
          .where(and(eq(job.holder, holder), eq(job.state, "running")))
          .catch((error: unknown) => logger.warn("job leases not renewed", { error: String(error) }));
      }, leaseMs / 3);
      wake();
    },
    /**
     * Stops taking jobs, lets those running finish within `deadlineMs`, and hands back those that did not: queued
     * again at once, the attempt not counted, for another process (or the next start) to take.
     */
    async stop(deadlineMs: number) {
      stopped = true;
      clearTimeout(timer);
      onJobEnqueued(() => {});
      await polling;
      const deadline = new Promise((resolve) => setTimeout(resolve, deadlineMs).unref());
      await Promise.race([Promise.allSettled(running.values()), deadline]);
      clearInterval(renewal);
      if (running.size === 0) return;
      await db
        .update(job)
        .set({
          state: "queued",
          holder: null,
          leaseUntil: null,
          attempts: sql`${job.attempts} - 1`,
          runAt: databaseNow,
        })
        .where(and(eq(job.holder, holder), eq(job.state, "running")));
    },
    /** How many jobs this process runs now. */
    get running() {
      return running.size;
    },
  };
}
