// `npm run bench:jobs`: the job queue's rate and what a job adds to a request (ADR 046), on the embedded file and on
// a libSQL server (sqld, fetched by tests/support/sqld.ts). Throughput: 2,000 jobs of a kind that does nothing but
// await, queued first, then run by two workers on two connections (two processes, as the table sees it), from the
// first claim to the last done. Enqueueing: 500 requests' worth each of a lone job insert, and of the sign-in code's
// write with and without its job in the same batch; the median and p99 of each, in milliseconds.
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { createClient } from "@libsql/client";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";

import { openDatabase } from "~/.server/platform/db/client";
import { job, signInCode } from "~/.server/platform/db/schema";
import { enqueue, jobInsert, type JobKind } from "~/.server/platform/jobs/queue";
import { jobWorker } from "~/.server/platform/jobs/worker";
import { startSqld } from "../../tests/support/sqld";

const JOBS = 2_000;
const REQUESTS = 500;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(2)} ms, p99 ${percentile(sorted, 0.99).toFixed(2)} ms`;
};

/** A sign-in code row as the request writes it. */
const code = () => ({
  id: randomUUID(),
  email: "bench@example.test",
  codeHash: "x",
  expiresAt: Date.now() + 60_000,
});

async function time(samples: number[], work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  samples.push(performance.now() - started);
}

async function measure(label: string, url: string) {
  const migrating = createClient({ url });
  await migrate(drizzle(migrating), { migrationsFolder: resolve("drizzle") });
  migrating.close();
  const [first, second] = [await openDatabase(url), await openDatabase(url)];
  try {
    let ran = 0;
    const noop: JobKind<{ n: number }> = {
      name: "bench.noop",
      maxAttempts: 1,
      backoffMs: 1,
      run: async () => void ran++,
    };
    for (let n = 0; n < JOBS; n++) await enqueue(noop, { n }, { db: first.db });
    const workers = [first.db, second.db].map((db) => jobWorker([noop], { concurrency: 8, pollMs: 5 }, db));
    const started = performance.now();
    await Promise.all(workers.map((worker) => worker.start()));
    for (;;) {
      if (ran >= JOBS) break;
      await new Promise((done) => setTimeout(done, 5));
    }
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(workers.map((worker) => worker.stop(1_000)));
    const [done] = await first.db.select().from(job).where(eq(job.kind, noop.name)).limit(1);
    console.log(
      `${label}: ${JOBS} jobs in ${seconds.toFixed(2)} s = ${Math.round(JOBS / seconds)} jobs/s (${done?.state})`,
    );

    const lone: number[] = [];
    const codeOnly: number[] = [];
    const codeAndJob: number[] = [];
    for (let n = 0; n < REQUESTS; n++) {
      await time(lone, () => enqueue(noop, { n }, { db: first.db }));
      await time(codeOnly, () => first.db.insert(signInCode).values(code()));
      await time(codeAndJob, () =>
        first.db.batch([first.db.insert(signInCode).values(code()), jobInsert(first.db, noop, { n }, {})]),
      );
    }
    console.log(`${label}: a lone job insert ${summary(lone)}`);
    console.log(
      `${label}: the sign-in code's insert alone ${summary(codeOnly)}; with its job in one batch ${summary(codeAndJob)}`,
    );
  } finally {
    first.client.close();
    second.client.close();
  }
}

const dir = resolve("tests/.tmp");
mkdirSync(dir, { recursive: true });
const file = join(dir, `bench-jobs-${randomUUID()}.db`);
try {
  await measure("embedded file", `file:${file}`);
} finally {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
}
const sqld = await startSqld();
try {
  await measure("sqld", sqld.url);
} finally {
  await sqld.stop();
}
