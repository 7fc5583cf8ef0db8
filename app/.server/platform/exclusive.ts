// One at a time, per key, across every server process on the database: for a check and the change it guards ("is
// this the last admin?", "the last owner?"), so that two requests cannot both pass the check. Within a process, turns
// are a promise queue per key; between processes (WEB_CONCURRENCY, several instances on one libSQL server) the turn
// holder also holds a lease row in `exclusive_lease`, taken with one conditional upsert (ADR 017, ADR 020).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";

import { db as appDatabase, type Database } from "./db/client";

type Options = {
  /** How long a lease lasts when its holder dies before releasing it: longer than any guarded work takes. */
  leaseMs?: number;
  /** How long a turn is awaited before the request fails. */
  waitMs?: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A `runExclusive` over one database connection (tests make two, as two processes would). */
export function exclusiveRunner(db: Database, { leaseMs = 30_000, waitMs = 15_000 }: Options = {}) {
  const queues = new Map<string, Promise<unknown>>();

  async function underLease<T>(key: string, work: () => Promise<T>): Promise<T> {
    const holder = randomUUID();
    const deadline = Date.now() + waitMs;
    for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
      const now = Date.now();
      // Taken when absent or expired; a live lease of another holder leaves the row as it is (0 rows affected).
      const taken = await db.run(sql`
        INSERT INTO exclusive_lease (key, holder, expires_at) VALUES (${key}, ${holder}, ${now + leaseMs})
        ON CONFLICT (key) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
        WHERE exclusive_lease.expires_at <= ${now}`);
      if (taken.rowsAffected === 1) break;
      if (Date.now() > deadline) throw new Error(`exclusive lease "${key}" still held after ${waitMs} ms`);
      await sleep(pause);
    }
    try {
      return await work();
    } finally {
      await db.run(sql`DELETE FROM exclusive_lease WHERE key = ${key} AND holder = ${holder}`);
    }
  }

  /** Runs `work` after every earlier `work` of the same key, here and in other processes, has settled. */
  return function runExclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(key) ?? Promise.resolve();
    const turn = () => underLease(key, work);
    const run = previous.then(turn, turn);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return run;
  };
}

export const runExclusive = exclusiveRunner(appDatabase);
