// The queue's promises, with two workers on two connections to one database file (two processes, as far as the
// table can tell): a job runs once, a failure is retried then kept, a dead worker's job is taken again, a stop hands
// its jobs back, and a schedule's period is run once. The same across real processes: background-jobs-*.test.ts.
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";

import { openDatabase } from "~/.server/platform/db/client";
import { job, jobSchedule } from "~/.server/platform/db/schema";
import { countJobs, enqueue, listFailedJobs, retryFailedJob, type JobKind } from "./queue";
import { jobWorker } from "./worker";

const first = await openDatabase(process.env.DATABASE_URL!);
const second = await openDatabase(process.env.DATABASE_URL!);
afterAll(() => {
  first.client.close();
  second.client.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await pause(20);
  }
}

const stateOf = async (id: string) => (await first.db.select().from(job).where(eq(job.id, id)))[0]!;

describe("the job queue with two workers", () => {
  it("runs each of 200 jobs exactly once", async () => {
    const runs = new Map<number, number>();
    const kind: JobKind<{ n: number }> = {
      name: "test.count",
      maxAttempts: 1,
      backoffMs: 1,
      run: async ({ n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await pause(1);
      },
    };
    const workers = [jobWorker([kind], { pollMs: 10 }, first.db), jobWorker([kind], { pollMs: 10 }, second.db)];
    await Promise.all(workers.map((worker) => worker.start()));
    for (let n = 0; n < 200; n += 1) await enqueue(kind, { n }, { db: n % 2 ? first.db : second.db });
    await until(() => runs.size === 200);
    await Promise.all(workers.map((worker) => worker.stop(1_000)));
    expect([...runs.values()].every((times) => times === 1)).toBe(true);
    const counts = await countJobs(first.db);
    expect(counts.filter((row) => row.kind === kind.name)).toEqual([{ kind: kind.name, state: "done", count: 200 }]);
  });

  it("retries a failing job with backoff, keeps it as failed with its last error, and runs it again on retry", async () => {
    let broken = true;
    const attempts: number[] = [];
    const kind: JobKind<Record<string, never>> = {
      name: "test.flaky",
      maxAttempts: 3,
      backoffMs: 100,
      run: async (_payload, { attempt }) => {
        attempts.push(Date.now());
        if (broken) throw new Error(`mail server down (attempt ${attempt})`);
      },
    };
    const worker = jobWorker([kind], { pollMs: 10 }, first.db);
    await worker.start();
    await enqueue(kind, {}, { db: first.db, id: "flaky-1" });
    await until(async () => (await stateOf("flaky-1")).state === "failed");
    expect(attempts).toHaveLength(3);
    // 100 ms, then 200 ms.
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(90);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(190);
    const [failed] = (await listFailedJobs(50, first.db)).filter((row) => row.id === "flaky-1");
    expect(failed).toMatchObject({ kind: "test.flaky", attempts: 3, lastError: "mail server down (attempt 3)" });
    broken = false;
    expect(await retryFailedJob("flaky-1", first.db)).toEqual({ kind: "test.flaky" });
    await until(async () => (await stateOf("flaky-1")).state === "done");
    expect(attempts).toHaveLength(4);
    await worker.stop(1_000);
  });

  it("takes again a job whose worker died, once its lease has ended", async () => {
    const ran: string[] = [];
    const kind: JobKind<Record<string, never>> = {
      name: "test.orphan",
      maxAttempts: 3,
      backoffMs: 1,
      run: async (_payload, { id }) => {
        ran.push(id);
      },
    };
    // A claim by a process that was killed: running, its lease about to end, nobody renewing it.
    await enqueue(kind, {}, { db: first.db, id: "orphan-1" });
    await first.db
      .update(job)
      .set({
        state: "running",
        holder: "dead",
        attempts: 1,
        leaseUntil: sql`cast(unixepoch('subsec') * 1000 as integer) + 1500`,
      })
      .where(eq(job.id, "orphan-1"));
    const worker = jobWorker([kind], { pollMs: 20 }, second.db);
    await worker.start();
    // Half a second into the lease (a second of margin for a busy machine): nobody took the job yet.
    await pause(500);
    expect(ran).toEqual([]);
    await until(() => ran.length === 1);
    await until(async () => (await stateOf("orphan-1")).state === "done");
    expect((await stateOf("orphan-1")).attempts).toBe(2);
    await worker.stop(1_000);
  });

  it("on stop, lets a short job finish and hands a long one back to the queue", async () => {
    const kind: JobKind<{ ms: number }> = {
      name: "test.slow",
      maxAttempts: 3,
      backoffMs: 1,
      run: async ({ ms }) => {
        await pause(ms);
      },
    };
    const worker = jobWorker([kind], { pollMs: 10, concurrency: 2 }, first.db);
    await worker.start();
    await enqueue(kind, { ms: 50 }, { db: first.db, id: "short-1" });
    await enqueue(kind, { ms: 5_000 }, { db: first.db, id: "long-1" });
    await until(() => worker.running === 2);
    await worker.stop(300);
    expect((await stateOf("short-1")).state).toBe("done");
    expect(await stateOf("long-1")).toMatchObject({ state: "queued", attempts: 0, holder: null });
    await first.db.delete(job).where(eq(job.id, "long-1"));
  });

  it("runs a schedule once per period with two workers", async () => {
    const runs: number[] = [];
    const tick: JobKind<Record<string, never>> = {
      name: "test.every-second",
      maxAttempts: 1,
      backoffMs: 1,
      run: async () => {
        runs.push(Date.now());
      },
    };
    const schedules = [{ cron: "* * * * * *", job: tick }];
    const workers = [first.db, second.db].map((database) => jobWorker([], { pollMs: 50, schedules }, database));
    const from = Date.now();
    await Promise.all(workers.map((worker) => worker.start()));
    await pause(3_200);
    await Promise.all(workers.map((worker) => worker.stop(1_000)));
    const to = Date.now();
    const jobs = await first.db.select({ id: job.id }).from(job).where(eq(job.kind, tick.name));
    // One job per second that passed, however many workers saw it come: each a whole second of the time the workers
    // ran (about 3.2 s, longer on a busy machine), at most one job each.
    const periods = jobs.map((row) => Date.parse(row.id.slice(tick.name.length + 1)));
    for (const at of periods) {
      expect(at % 1_000).toBe(0);
      expect(at).toBeGreaterThan(from);
      expect(at).toBeLessThanOrEqual(to);
    }
    expect(jobs.length).toBeGreaterThanOrEqual(2);
    expect(jobs.length).toBeLessThanOrEqual(Math.floor(to / 1_000) - Math.floor(from / 1_000));
    expect(runs).toHaveLength(jobs.length);
    expect(new Set(jobs.map((row) => row.id)).size).toBe(jobs.length);
    const [schedule] = await first.db.select().from(jobSchedule).where(eq(jobSchedule.name, tick.name));
    expect(schedule!.lastJobId).toBe(
      jobs
        .map((row) => row.id)
        .sort()
        .at(-1),
    );
  });
});
