// The job queue (ADR 046): work that must happen after an answer, kept in the `job` table of our own database, so
// that it commits with the change that asks for it and survives a mail-server outage, a restart or a kill -9. Workers
// (worker.ts) take jobs with a lease; this module writes and reads the rows.
import { randomUUID } from "node:crypto";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { db as appDatabase, type Database } from "~/.server/platform/db/client";
import { job } from "~/.server/platform/db/schema";
import { getEnv } from "~/.server/platform/env";

/** The database's clock, in milliseconds: every process and instance reads the same one, whatever their own say. */
export const databaseNow = sql<number>`cast(unixepoch('subsec') * 1000 as integer)`;

export type JobState = (typeof job.state.enumValues)[number];

type Payload = Record<string, unknown>;

/** What a kind of job does, and how hard it tries; each feature defines its own (its e-mails, its pruning). */
export type JobKind<P extends Payload = Payload> = {
  /** Stored with each job; the manager's page shows it. */
  name: string;
  /** Attempts before the job is kept as failed, with its last error. */
  maxAttempts: number;
  /** The wait after the first failure; doubled after each next one, up to an hour. */
  backoffMs: number;
  /** Throws to fail this attempt. Returns when done; a job with nothing left to do (a code replaced since) returns. */
  run: (payload: P, job: { id: string; attempt: number }) => Promise<void>;
};

type EnqueueOptions = {
  /** Not before this many milliseconds from now. */
  delayMs?: number;
  /** Not after this time (epoch ms): a job not done by then is expired, not run (a sign-in code's end). */
  expiresAt?: number;
  /** A job id of the caller's own: a second enqueue of the same id is ignored (a schedule's period). */
  id?: string;
};

/**
 * The insert of one job, for a `db.batch` with the change that asks for it (use `enqueue` to write it). With `onlyIf`,
 * the job is written only when that condition holds as its statement runs, in the batch's order: a change that finds
 * nothing to change asks for no job.
 */
export function jobInsert<P extends Payload>(
  database: Database,
  kind: JobKind<P>,
  payload: P,
  options: EnqueueOptions & { onlyIf?: SQL },
) {
  const row = {
    id: options.id ?? randomUUID(),
    kind: kind.name,
    payload: JSON.stringify(payload),
    runAt: sql`${databaseNow} + ${options.delayMs ?? 0}`,
    createdAt: databaseNow,
    expiresAt: options.expiresAt ?? null,
  };
  if (!options.onlyIf) return database.insert(job).values(row).onConflictDoNothing();
  // INSERT … SELECT … WHERE: SQLite has no WHERE on VALUES. (Its upsert after a SELECT needs that WHERE, and has it.)
  return database.run(
    sql`INSERT INTO ${job} ("id", "kind", "payload", "run_at", "created_at", "expires_at")
      SELECT ${row.id}, ${row.kind}, ${row.payload}, ${row.runAt}, ${row.createdAt}, ${row.expiresAt}
      WHERE ${options.onlyIf} ON CONFLICT DO NOTHING`,
  );
}

let wakeWorker: () => void = () => {};
export function onJobEnqueued(wake: () => void) {
  wakeWorker = wake;
}
/** Once a job is committed (or made due): the worker of this process looks at once instead of at its next poll. */
export const wakeJobs = () => wakeWorker();

/**
 * Queues a job, in one transaction with `with` (the change that asks for it: both commit, or neither does). libSQL
 * runs a batch as one transaction, on one connection (docs/decisions/046).
 */
export async function enqueue<P extends Payload>(
  kind: JobKind<P>,
  payload: P,
  options: EnqueueOptions & { with?: BatchItem<"sqlite">[]; onlyIf?: SQL; db?: Database } = {},
): Promise<void> {
  const database = options.db ?? appDatabase;
  const insert = jobInsert(database, kind, payload, options);
  const [first, ...rest] = options.with ?? [];
  if (first) await database.batch([first, ...rest, insert]);
  else await insert;
  wakeWorker();
}

/**
 * A secret a job carries (a sign-in code), encrypted with AUTH_SECRET: the table, like the codes' own (stored as
 * HMACs), gives no code to whoever reads it. The payload is emptied once the job is done.
 */
export const sealSecret = (value: string) => symmetricEncrypt({ key: getEnv().AUTH_SECRET, data: value });
export const openSecret = (sealed: string) => symmetricDecrypt({ key: getEnv().AUTH_SECRET, data: sealed });

// ——— What the manager's page reads and does (app/features/jobs/jobs.server.ts) ———

/** How many jobs of each kind are in each state. */
export async function countJobs(database: Database = appDatabase) {
  return database
    .select({ kind: job.kind, state: job.state, count: count() })
    .from(job)
    .groupBy(job.kind, job.state)
    .orderBy(job.kind, job.state);
}

/** The failed jobs, newest first: their kind, attempts and last error. */
export async function listFailedJobs(limit = 50, database: Database = appDatabase) {
  return database
    .select({
      id: job.id,
      kind: job.kind,
      attempts: job.attempts,
      lastError: job.lastError,
      createdAt: job.createdAt,
      finishedAt: job.finishedAt,
    })
    .from(job)
    .where(eq(job.state, "failed"))
    .orderBy(desc(job.finishedAt), desc(job.id))
    .limit(limit);
}

/** Puts a failed job back in the queue with its attempts counted afresh; false when it is not a failed job. */
export async function retryFailedJob(id: string, database: Database = appDatabase): Promise<{ kind: string } | null> {
  const [row] = await database
    .update(job)
    .set({ state: "queued", attempts: 0, runAt: databaseNow, finishedAt: null })
    .where(and(eq(job.id, id), eq(job.state, "failed")))
    .returning({ kind: job.kind });
  if (row) wakeWorker();
  return row ?? null;
}

/** Deletes a failed job for good; null when it is not a failed job. */
export async function discardFailedJob(id: string, database: Database = appDatabase): Promise<{ kind: string } | null> {
  const [row] = await database
    .delete(job)
    .where(and(eq(job.id, id), eq(job.state, "failed")))
    .returning({ kind: job.kind });
  return row ?? null;
}

/**
 * Jobs of these kinds due for over `stalledMs` that no worker has taken (nor taken back after its lease): the queue
 * has stopped moving. (A job waiting out its backoff is not due.)
 */
export async function stalledJobs(kinds: string[], stalledMs: number, database: Database = appDatabase) {
  const [row] = await database
    .select({ count: count() })
    .from(job)
    .where(
      and(
        inArray(job.kind, kinds),
        sql`((${job.state} = 'queued' AND ${job.runAt} <= ${databaseNow} - ${stalledMs})
          OR (${job.state} = 'running' AND ${job.leaseUntil} <= ${databaseNow} - ${stalledMs}))`,
      ),
    );
  return row?.count ?? 0;
}

/** Done and expired jobs older than `days`: their record is no longer needed. */
export async function pruneFinishedJobs(days: number, database: Database = appDatabase): Promise<number> {
  const gone = await database
    .delete(job)
    .where(and(inArray(job.state, ["done", "expired"]), sql`${job.finishedAt} < ${databaseNow} - ${days * 86_400_000}`))
    .returning({ id: job.id });
  return gone.length;
}
